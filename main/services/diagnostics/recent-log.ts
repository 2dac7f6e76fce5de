// The log's last lines, kept in memory for the diagnostics bundle: a sink of
// lines the logger has already redacted (info and above), the newest kept
// within a character budget, so the bundle carries the log of the hours that
// matter without reading files that may be rotated, large or on another disk.
import type { LogSink, RedactedLine } from '../logging';

/** Characters of log kept for the bundle (≈ 1.5 MB, a few thousand lines). */
export const RECENT_LOG_CHARS = 1_500_000;

export interface RecentLog extends LogSink {
  /** Oldest first. */
  lines(): readonly RedactedLine[];
}

export function createRecentLog(budget = RECENT_LOG_CHARS): RecentLog {
  const kept: RedactedLine[] = [];
  let chars = 0;
  let first = 0;
  return {
    write(line) {
      kept.push(line);
      chars += line.length;
      while (chars > budget && first < kept.length - 1) {
        chars -= kept[first]?.length ?? 0;
        first += 1;
      }
      // Compact now and then rather than shifting an array at every line.
      if (first > 1_000) {
        kept.splice(0, first);
        first = 0;
      }
    },
    lines: () => kept.slice(first),
  };
}
