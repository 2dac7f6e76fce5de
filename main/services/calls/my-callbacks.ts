// The callbacks the agent scheduled in dispositions ("My callbacks"), kept per
// agent so the app can list them with their time and remind the agent when
// one falls due: one owner-only file per agent in `<dataDir>/callbacks/`
// (named by a hash of the agent name, also stored inside), at most 500, none
// kept more than 30 days past its time. A damaged file is set aside.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { myCallbackSchema, type MyCallback } from '../../../common/ipc-contract';
import { readStored, writeDurably } from './durable-json-file';

export const CALLBACKS_DIR = 'callbacks';
const LIMIT = 500;
const KEEP_AFTER_DUE_MS = 30 * 24 * 3_600_000;

const storedSchema = z.object({ version: z.literal(1), agent: z.string().min(1), callbacks: z.array(myCallbackSchema) });

export interface MyCallbacks {
  /** The agent's callbacks, soonest first. */
  list(agent: string): MyCallback[];
  add(agent: string, callback: MyCallback): MyCallback[];
  /** The agent dealt with it (or no longer needs the reminder). */
  done(agent: string, guid: string): MyCallback[];
}

/** `YYYY-MM-DD hh:mm:ss` in the workstation's time → epoch ms. */
export const dueTime = (at: string): number => Date.parse(at.replace(' ', 'T'));

export function openMyCallbacks(dir: string, now: () => Date = () => new Date()): MyCallbacks {
  const fileOf = (agent: string): string => join(dir, `${createHash('sha256').update(agent).digest('hex').slice(0, 32)}.json`);
  const read = (agent: string): MyCallback[] => {
    const stored = readStored(fileOf(agent), storedSchema, now);
    return stored.kind === 'ok' && stored.value.agent === agent ? stored.value.callbacks : [];
  };
  const bound = (list: readonly MyCallback[]): MyCallback[] => {
    const oldest = now().getTime() - KEEP_AFTER_DUE_MS;
    const seen = new Set<string>();
    return list
      .filter((c) => !seen.has(c.guid) && seen.add(c.guid) && !(dueTime(c.at) < oldest))
      .sort((a, b) => dueTime(a.at) - dueTime(b.at))
      .slice(0, LIMIT);
  };
  const save = (agent: string, list: readonly MyCallback[]): MyCallback[] => {
    const kept = bound(list);
    writeDurably(fileOf(agent), `${JSON.stringify({ version: 1, agent, callbacks: kept } satisfies z.infer<typeof storedSchema>)}\n`);
    return kept;
  };
  return {
    list: (agent) => bound(read(agent)),
    add: (agent, callback) => save(agent, [callback, ...read(agent).filter((c) => c.guid !== callback.guid)]),
    done: (agent, guid) => save(agent, read(agent).filter((c) => c.guid !== guid)),
  };
}
