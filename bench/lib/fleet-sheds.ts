// Did the phones honour the registrar's 503 + Retry-After? From each 503 to a
// REGISTER the bench saw (fleet-app-phone.ts) and the time of that phone's
// next REGISTER: how many, how many came back sooner than asked, and the
// shortest and longest wait.
import type { ShedRecord } from './fleet-clients';

/** A REGISTER this much before the Retry-After is over still counts as on time (timer granularity). */
const SLACK_MS = 20;

export function shedFigures(records: readonly ShedRecord[]): { sheds: number; shedRetryTooSoon: number; shedWaitMinMs: number | null; shedWaitMaxMs: number | null } {
  const waits = records.flatMap((r) => (r.nextRegisterAt === null ? [] : [{ wait: r.nextRegisterAt - r.at, asked: (r.retryAfterS ?? 0) * 1_000 }]));
  return {
    sheds: records.length,
    shedRetryTooSoon: waits.filter((w) => w.wait < w.asked - SLACK_MS).length,
    shedWaitMinMs: waits.length ? Math.round(Math.min(...waits.map((w) => w.wait))) : null,
    shedWaitMaxMs: waits.length ? Math.round(Math.max(...waits.map((w) => w.wait))) : null,
  };
}
