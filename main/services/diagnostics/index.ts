export { buildDiagnostics, type DiagnosticsInput } from './diagnostics';
export { createRecentErrors, type RecentErrors } from './recent-errors';
export { buildBundle, redactAll, BUNDLE_CAP_BYTES, BUNDLE_FORMAT, type Bundle, type BundleInput } from './bundle';
export { readBundleFile, writeBundleFile, type BundleRead, type ReadBundle } from './bundle-file';
export { createEventJournal, watchDiagnosticEvents, EVENT_JOURNAL_SIZE, type DiagnosticEvent, type EventJournal } from './event-journal';
export { createRecentLog, RECENT_LOG_CHARS, type RecentLog } from './recent-log';
