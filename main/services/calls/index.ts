export { createCallsService, DEFAULT_AGENT_CONTEXT, type CallsDeps, type CallsService } from './calls-service';
export type { CallsApi, CallingAgent } from './calls-api';
export { tapAgentRecords, type AgentContextListener } from './agent-record-tap';
export { DEFAULT_DISPOSITION_CHOICES, DISPOSITION_CHOICES_FILE, loadDispositionChoices } from './disposition-choices';
export { manualCampaigns, pickCampaign } from './manual-campaigns';
