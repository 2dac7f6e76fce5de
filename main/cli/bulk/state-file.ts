import { hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { z } from 'zod';

// What earlier runs already did, so a rerun after a partial failure sends
// only what is missing. The platform offers no "get agent" nor a way to list
// queued dialer records, so this file is the memory. It is append-only JSON
// lines: `attempted` is written before a request, `done` after the platform
// said yes, `refused` after it clearly said no (so a later `0` is not taken
// for the echo of a lost answer); a crash leaves at worst a half line, which
// loading skips. When reading, `done` wins, else the last line of a key.
// Keys are hashes of what a step does (instance + operation + identity), not
// of the row position, so fixing one row of the CSV keeps the others done.
// No password or token is ever written here.
// Writes are asynchronous and grouped: every line marked while a write is on
// its way goes out in the next single write, and `mark` resolves once its line
// is written. A synchronous write per step blocked the event loop on a busy
// disk (7,000 writes cost ~1 s of a 3 s provisioning run in bench/provision).

export type StepStatus = 'attempted' | 'done' | 'refused';

const entrySchema = z.object({ v: z.literal(1), key: z.string().min(1), status: z.enum(['attempted', 'done', 'refused']), what: z.string().optional() });

export interface StateFile {
  readonly path: string;
  status(key: string): StepStatus | undefined;
  /** Resolves once the line is written (at once in read-only mode). */
  mark(key: string, status: StepStatus, what: string): Promise<void>;
  /** Waits for pending writes, then closes the file. */
  close(): Promise<void>;
}

export function stateKey(...parts: readonly string[]): string {
  return hash('sha256', parts.join('\u0000'), 'hex').slice(0, 32);
}

/** Loads the file if it exists; `readOnly` (dry runs) never creates or writes it. */
export async function openStateFile(path: string, options: { readOnly?: boolean } = {}): Promise<StateFile> {
  const known = await loadEntries(path);
  let handle: FileHandle | undefined;
  let filling: string[] | undefined;
  let chain: Promise<void> = Promise.resolve();
  const writeLines = async (lines: string[]): Promise<void> => {
    handle ??= await open(path, 'a', 0o600);
    await handle.appendFile(lines.join(''));
  };
  return {
    path,
    status: (key) => known.get(key),
    mark(key, status, what) {
      if (known.get(key) === 'done') return Promise.resolve();
      known.set(key, status);
      if (options.readOnly === true) return Promise.resolve();
      const line = `${JSON.stringify({ v: 1, key, status, what })}\n`;
      if (filling !== undefined) {
        filling.push(line);
        return chain;
      }
      const batch = [line];
      filling = batch;
      // The batch takes lines until the write before it is done, then goes out whole.
      chain = chain.then(() => {
        if (filling === batch) filling = undefined;
        return writeLines(batch);
      });
      return chain;
    },
    async close() {
      await chain.catch(() => undefined);
      await handle?.close();
      handle = undefined;
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
