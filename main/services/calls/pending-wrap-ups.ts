// Finished calls still waiting for their disposition, per agent, durable in
// `<dataDir>/outbox/wrapups.json` beside the dispositions journal: kept when a
// call ends, removed when its disposition is in the outbox or the agent
// discards it. Survives sign-out, a closed app and a crash ("no lost data").
// Written atomically: temporary file, fsync, rename, fsync of the folder.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { wrapUpRecordSchema, type WrapUpRecord } from '../../../common/ipc-contract';

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
  /** Plain words on a damaged file found at start (set aside, not deleted), or null. */
  readonly problem: string | null;
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

function load(path: string, now: () => Date): { items: Stored[]; problem: string | null } {
  if (!existsSync(path)) return { items: [], problem: null };
  let cause: string;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { items: parsed.data.wrapUps, problem: null };
    cause = `the entry "${parsed.error.issues[0]?.path.join('.') ?? '?'}" is invalid`;
  } catch (error) {
    cause = error instanceof Error ? error.message : String(error);
  }
  // Never dropped silently: the file is kept aside for support, and the problem is reported.
  const aside = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return {
    items: [],
    problem: `The list of calls waiting for a disposition could not be read (${cause}). It was kept as ${aside}; those calls will not be offered again.`,
  };
}

function writeDurably(path: string, text: string): void {
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  syncFolder(dir);
}

/** The rename itself is durable only once the folder is synced; not possible on Windows (ignored there). */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder for fsync; NTFS journals the rename.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
