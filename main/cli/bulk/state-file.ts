import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';

// What earlier runs already did, so a rerun after a partial failure sends
// only what is missing. The platform offers no "get agent" nor a way to list
// queued dialer records, so this file is the memory. It is append-only JSON
// lines: `attempted` is written before a request, `done` after the platform
// said yes; a crash leaves at worst a half line, which loading skips.
// Keys are hashes of what a step does (instance + operation + identity), not
// of the row position, so fixing one row of the CSV keeps the others done.
// No password or token is ever written here.

export type StepStatus = 'attempted' | 'done';

const entrySchema = z.object({ v: z.literal(1), key: z.string().min(1), status: z.enum(['attempted', 'done']), what: z.string().optional() });

export interface StateFile {
  readonly path: string;
  status(key: string): StepStatus | undefined;
  mark(key: string, status: StepStatus, what: string): void;
  close(): void;
}

export function stateKey(...parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

/** Loads the file if it exists; `readOnly` (dry runs) never creates or writes it. */
export async function openStateFile(path: string, options: { readOnly?: boolean } = {}): Promise<StateFile> {
  const known = await loadEntries(path);
  let fd: number | undefined;
  return {
    path,
    status: (key) => known.get(key),
    mark(key, status, what) {
      if (known.get(key) === 'done') return;
      known.set(key, status);
      if (options.readOnly === true) return;
      fd ??= openSync(path, 'a', 0o600);
      writeSync(fd, `${JSON.stringify({ v: 1, key, status, what })}\n`);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

async function loadEntries(path: string): Promise<Map<string, StepStatus>> {
  const known = new Map<string, StepStatus>();
  const input = createReadStream(path, { encoding: 'utf8' });
  const opened = await new Promise<boolean>((resolve, reject) => {
    input.once('open', () => resolve(true));
    input.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(false) : reject(new Error(`Cannot read the state file ${path}: ${error.message}`))));
  });
  if (!opened) return known;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const entry = parseLine(line);
    if (entry === undefined) continue;
    if (known.get(entry.key) !== 'done') known.set(entry.key, entry.status);
  }
  return known;
}

function parseLine(line: string): z.infer<typeof entrySchema> | undefined {
  if (line.trim() === '') return undefined;
  try {
    const parsed = entrySchema.safeParse(JSON.parse(line) as unknown);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
