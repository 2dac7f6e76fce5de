export { createSupervisorService, type SupervisorDeps, type SupervisorService } from './supervisor-service';
export type { AnalyzeList, ListFileSource, SupervisorApi } from './supervisor-api';
