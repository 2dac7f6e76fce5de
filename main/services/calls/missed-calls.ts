// Calls that reached the phone and were not taken, kept per agent so the
// agent can call back: one file per agent in `<dataDir>/missed-calls/` (named
// by a hash of the agent name, which is also stored inside), durable and
// owner-only (durable-json-file.ts), until the agent dismisses them.
//
//   record ─▶ same id replaced ─▶ older than 30 days dropped ─▶ newest 1,000 kept ─▶ written
//   list   ─▶ the agent's calls, newest first (by when they reached the phone)
//   dismiss(ids | all) ─▶ written
//
// A damaged file is set aside (never deleted) and said once (takeProblem).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { missedCallSchema, type MissedCall } from '../../../common/ipc-contract';
import { readStored, writeDurably } from './durable-json-file';

export const MISSED_CALLS_DIR = 'missed-calls';
/** The newest this-many calls per agent are kept. */
export const MISSED_CALLS_LIMIT = 1_000;
/** Calls that reached the phone longer ago than this are dropped. */
export const MISSED_CALLS_MAX_AGE_MS = 30 * 24 * 3_600_000;

const storedSchema = z.object({ version: z.literal(1), agent: z.string().min(1), missed: z.array(missedCallSchema) });

export type Dismissal = { readonly ids: readonly string[] } | { readonly all: true };

export interface MissedCalls {
  /** The agent's missed calls, newest first. */
  list(agent: string): MissedCall[];
  /** Keeps one (a call with the same id is replaced); written before it returns. */
  record(agent: string, call: MissedCall): MissedCall[];
  dismiss(agent: string, which: Dismissal): MissedCall[];
  /** Plain words on a damaged file found for this agent (set aside), once; null otherwise. */
  takeProblem(agent: string): string | null;
}

/** Newest first, one per id (the first seen wins), none older than the limit, at most MISSED_CALLS_LIMIT. */
export function boundMissedCalls(calls: readonly MissedCall[], now: Date): MissedCall[] {
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
  const problems = new Map<string, string>();
  const fileOf = (agent: string): string => join(dir, `${createHash('sha256').update(agent).digest('hex').slice(0, 32)}.json`);

  const read = (agent: string): MissedCall[] => {
    const stored = readStored(fileOf(agent), storedSchema, now);
    if (stored.kind === 'set-aside') {
      problems.set(agent, `The list of missed calls could not be read (${stored.cause}). It was kept as ${stored.aside}; the calls in it are not shown.`);
      return [];
    }
    // A file of another name inside would be a copied file: not this agent's.
    return stored.kind === 'ok' && stored.value.agent === agent ? stored.value.missed : [];
  };
  const save = (agent: string, calls: readonly MissedCall[]): MissedCall[] => {
    const kept = boundMissedCalls(calls, now());
    writeDurably(fileOf(agent), `${JSON.stringify({ version: 1, agent, missed: kept } satisfies z.infer<typeof storedSchema>)}\n`);
    return kept;
  };

  return {
    list: (agent) => boundMissedCalls(read(agent), now()),
    record: (agent, call) => save(agent, [call, ...read(agent)]),
    dismiss(agent, which) {
      const ids = 'all' in which ? null : new Set(which.ids);
      return save(agent, ids === null ? [] : read(agent).filter((call) => !ids.has(call.id)));
    },
    takeProblem(agent) {
      const problem = problems.get(agent) ?? null;
      problems.delete(agent);
      return problem;
    },
  };
}
