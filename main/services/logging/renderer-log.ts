// Log records the renderer sends over the `workstation.log` request. They go
// through the same redacting logger as main's own, under the `renderer`
// scope, and are rate-bounded: a renderer stuck in a loop must not fill the
// disk or push main's own records out of the rotation.
import type { Logger, LogLevel } from './logger';

/** The shape of `rendererLogSchema` (common/ipc/workstation.ts), already parsed. */
export interface RendererLog {
  readonly level: LogLevel;
  readonly message: string;
  readonly fields?: Readonly<Record<string, unknown>>;
}

export interface RendererLogOptions {
  /** Records accepted per window; the rest are counted and reported once. */
  readonly maxPerWindow?: number;
  readonly windowMs?: number;
  readonly now?: () => number;
}

export function createRendererLogForwarder(logger: Logger, options: RendererLogOptions = {}): (record: RendererLog) => void {
  const maxPerWindow = options.maxPerWindow ?? 100;
  const windowMs = options.windowMs ?? 10_000;
  const now = options.now ?? Date.now;
  const renderer = logger.child('renderer');
  let windowStart = Number.NEGATIVE_INFINITY;
  let accepted = 0;
  let dropped = 0;

  return (record) => {
    const time = now();
    if (time - windowStart >= windowMs) {
      if (dropped > 0) {
        logger.warn(`Dropped ${dropped} renderer log records: more than ${maxPerWindow} arrived within ${windowMs / 1000} s.`);
      }
      windowStart = time;
      accepted = 0;
      dropped = 0;
    }
    if (accepted >= maxPerWindow) {
      dropped += 1;
      return;
    }
    accepted += 1;
    renderer[record.level](record.message, record.fields);
  };
}
