// Finished calls still waiting for their disposition, per agent, durable in
// `<dataDir>/outbox/wrapups.json` beside the dispositions journal: kept when a
// call ends, removed when its disposition is in the outbox or the agent
// discards it. Survives sign-out, a closed app and a crash ("no lost data").
// Written atomically and owner-only (durable-json-file.ts).
import { join } from 'node:path';
import { z } from 'zod';
import type { Say } from '../../../common/i18n/dictionary';
import { wrapUpRecordSchema, type WrapUpRecord } from '../../../common/ipc-contract';
import { readStored, writeDurably } from './durable-json-file';

export const WRAP_UPS_FILE = 'wrapups.json';

const storedSchema = z.object({
  version: z.literal(1),
  wrapUps: z.array(wrapUpRecordSchema.extend({ agent: z.string().min(1) })),
});
type Stored = z.infer<typeof storedSchema>['wrapUps'][number];

export interface PendingWrapUps {
  /** This agent's wrap-ups, oldest first. */
  list(agent: string): WrapUpRecord[];
  /** Keeps (or replaces, same GUID) a wrap-up; written to disk before it returns. */
  add(agent: string, record: WrapUpRecord): WrapUpRecord[];
  /** Whether there was one to remove. */
  remove(agent: string, guid: string): boolean;
  /** A damaged file found at start (set aside, not deleted), as a message key, or null. */
  readonly problem: Say | null;
}

export function openPendingWrapUps(dir: string, now: () => Date = () => new Date()): PendingWrapUps {
  const path = join(dir, WRAP_UPS_FILE);
  const loaded = load(path, now);
  let items: Stored[] = loaded.items;

  const save = (next: Stored[]): void => {
    writeDurably(path, `${JSON.stringify({ version: 1, wrapUps: next } satisfies z.infer<typeof storedSchema>, null, 2)}\n`);
    items = next;
  };
  const strip = ({ agent: _agent, ...record }: Stored): WrapUpRecord => record;
  const list = (agent: string) =>
    items.filter((item) => item.agent === agent).sort((a, b) => a.endedAt.localeCompare(b.endedAt)).map(strip);

  return {
    problem: loaded.problem,
    list,
    add(agent, record) {
      save([...items.filter((item) => item.guid !== record.guid), { ...record, agent }]);
      return list(agent);
    },
    remove(agent, guid) {
      const next = items.filter((item) => !(item.agent === agent && item.guid === guid));
      if (next.length === items.length) return false;
      save(next);
      return true;
    },
  };
}

function load(path: string, now: () => Date): { items: Stored[]; problem: Say | null } {
  const read = readStored(path, storedSchema, now);
  if (read.kind === 'missing') return { items: [], problem: null };
  if (read.kind === 'ok') return { items: read.value.wrapUps, problem: null };
  return {
    items: [],
    problem: { key: 'calls.setup.wrapUpsUnreadable', params: { cause: read.cause, aside: read.aside } },
  };
}
