export { buildDiagnostics, type DiagnosticsInput } from './diagnostics';
export { createRecentErrors, type RecentErrors } from './recent-errors';
