// The last errors and warnings, kept in memory for "Copy diagnostics". A log
// sink: it only ever holds lines the logger has already redacted.
import type { LogSink, RedactedLine } from '../logging';

export interface RecentErrors extends LogSink {
  /** Oldest first. */
  lines(): readonly RedactedLine[];
}

export function createRecentErrors(capacity = 20): RecentErrors {
  const kept: RedactedLine[] = [];
  return {
    write(line, record) {
      if (record.level !== 'error' && record.level !== 'warn') return;
      kept.push(line);
      if (kept.length > capacity) kept.splice(0, kept.length - capacity);
    },
    lines: () => [...kept],
  };
}
