export { createWorkstationPort, IDLE_PHONE, type WorkstationPort, type WorkstationPortDeps } from './workstation-port';
export { collectDiagnostics, type DiagnosticsSources } from './collect-diagnostics';
