// The agent's recent calls (missed, answered, dropped by the network), kept
// per agent so the agent can call back: one file per agent in
// `<dataDir>/missed-calls/` (named by a hash of the agent name, which is also
// stored inside), durable and owner-only (durable-json-file.ts). A missed call
// stays "unseen" (the badge, the missed-calls card) until the agent dismisses it.
//
//   record / recordFinished ─▶ same id replaced ─▶ older than 30 days dropped ─▶ newest 1,000 kept ─▶ written
//   list    ─▶ the unseen missed calls, newest first (by when they reached the phone)
//   history ─▶ every kept call, newest first
//   dismiss(ids | all) ─▶ seen ─▶ written
//
// A damaged file is set aside (never deleted) and said once (takeProblem).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Say } from '../../../common/i18n/dictionary';
import { missedCallSchema, recentCallSchema, type FinishedCall, type MissedCall, type RecentCall } from '../../../common/ipc-contract';
import { readStored, writeDurably } from './durable-json-file';

export const MISSED_CALLS_DIR = 'missed-calls';
/** The newest this-many calls per agent are kept. */
export const MISSED_CALLS_LIMIT = 1_000;
/** Calls that reached the phone longer ago than this are dropped. */
export const MISSED_CALLS_MAX_AGE_MS = 30 * 24 * 3_600_000;

// Version 1 held missed calls only; it is read as unseen missed calls.
const storedSchema = z.union([
  z.object({ version: z.literal(2), agent: z.string().min(1), calls: z.array(recentCallSchema) }),
  z.object({ version: z.literal(1), agent: z.string().min(1), missed: z.array(missedCallSchema) }),
]);

export type Dismissal = { readonly ids: readonly string[] } | { readonly all: true };

export interface MissedCalls {
  /** The agent's unseen missed calls, newest first. */
  list(agent: string): MissedCall[];
  /** Keeps one (a call with the same id is replaced); written before it returns. */
  record(agent: string, call: MissedCall): MissedCall[];
  /** Keeps an answered (or dropped) call; returns the history. */
  recordFinished(agent: string, call: FinishedCall): RecentCall[];
  /** Every kept call, newest first. */
  history(agent: string): RecentCall[];
  /** The agent saw them: no longer in the missed list (still in the history). */
  dismiss(agent: string, which: Dismissal): MissedCall[];
  /** Plain words on a damaged file found for this agent (set aside), once; null otherwise. */
  takeProblem(agent: string): Say | null;
}

/** Newest first, one per id (the first seen wins), none older than the limit, at most MISSED_CALLS_LIMIT. */
export function boundMissedCalls<T extends Pick<RecentCall, 'id' | 'offeredAt'>>(calls: readonly T[], now: Date): T[] {
  const oldest = now.getTime() - MISSED_CALLS_MAX_AGE_MS;
  const seen = new Set<string>();
  const fresh = calls.filter((call) => {
    if (seen.has(call.id) || Date.parse(call.offeredAt) < oldest) return false;
    seen.add(call.id);
    return true;
  });
  return fresh.sort((a, b) => Date.parse(b.offeredAt) - Date.parse(a.offeredAt)).slice(0, MISSED_CALLS_LIMIT);
}

export function openMissedCalls(dir: string, now: () => Date = () => new Date()): MissedCalls {
  const problems = new Map<string, Say>();
  const fileOf = (agent: string): string => join(dir, `${createHash('sha256').update(agent).digest('hex').slice(0, 32)}.json`);

  const read = (agent: string): RecentCall[] => {
    const stored = readStored(fileOf(agent), storedSchema, now);
    if (stored.kind === 'set-aside') {
      problems.set(agent, { key: 'calls.setup.missedUnreadable', params: { cause: stored.cause, aside: stored.aside } });
      return [];
    }
    // A file of another name inside would be a copied file: not this agent's.
    if (stored.kind !== 'ok' || stored.value.agent !== agent) return [];
    return stored.value.version === 2 ? stored.value.calls : stored.value.missed.map(recentOfMissed);
  };
  const save = (agent: string, calls: readonly RecentCall[]): RecentCall[] => {
    const kept = boundMissedCalls(calls, now());
    writeDurably(fileOf(agent), `${JSON.stringify({ version: 2, agent, calls: kept } satisfies z.infer<typeof storedSchema>)}\n`);
    return kept;
  };
  const unseenMissed = (calls: readonly RecentCall[]): MissedCall[] =>
    calls.flatMap((c) => (c.outcome === 'missed' && c.unseen && c.reason ? [missedOfRecent(c, c.reason)] : []));

  return {
    list: (agent) => unseenMissed(boundMissedCalls(read(agent), now())),
    record: (agent, call) => unseenMissed(save(agent, [recentOfMissed(call), ...read(agent)])),
    recordFinished: (agent, call) => save(agent, [{ ...call, reason: null, unseen: false }, ...read(agent)]),
    history: (agent) => boundMissedCalls(read(agent), now()),
    dismiss(agent, which) {
      const ids = 'all' in which ? null : new Set(which.ids);
      return unseenMissed(save(agent, read(agent).map((call) => (ids === null || ids.has(call.id) ? { ...call, unseen: false } : call))));
    },
    takeProblem(agent) {
      const problem = problems.get(agent) ?? null;
      problems.delete(agent);
      return problem;
    },
  };
}

function recentOfMissed(call: MissedCall): RecentCall {
  return { ...call, outcome: 'missed', talkSeconds: 0, unseen: true };
}

function missedOfRecent(call: RecentCall, reason: MissedCall['reason']): MissedCall {
  return { id: call.id, guid: call.guid, caller: call.caller, campaign: call.campaign, offeredAt: call.offeredAt, endedAt: call.endedAt, reason };
}
