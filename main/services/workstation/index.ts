export { createWorkstationPort, IDLE_PHONE, type WorkstationPort, type WorkstationPortDeps } from './workstation-port';
export { checkApi, instanceApiCheck, type ApiCheckOptions } from './api-check';
export { collectBundle, collectDiagnostics, type DiagnosticsSources } from './collect-diagnostics';
