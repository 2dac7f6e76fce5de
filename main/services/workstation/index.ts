export { createWorkstationPort, IDLE_PHONE, type WorkstationPort, type WorkstationPortDeps } from './workstation-port';
export { collectBundle, collectDiagnostics, type DiagnosticsSources } from './collect-diagnostics';
