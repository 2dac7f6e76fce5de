// The one way the calls area keeps a small JSON file that must survive a crash
// and is nobody else's business (kept wrap-ups, missed calls): written to a
// temporary file, fsync'd, renamed over the old one, and the folder fsync'd;
// folders 0700, files 0600. Read back through a schema; a damaged file, or one
// that is not a regular file of at most MAX_STATE_FILE_BYTES (a FIFO would hang
// main), is set aside (renamed, never deleted) so the caller can say so.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { MAX_STATE_FILE_BYTES, readRegularFileSync, refusalWords } from '../files';

export type StoredRead<T> =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly value: T }
  /** Unreadable or invalid: renamed to `aside`; `cause` in plain words. */
  | { readonly kind: 'set-aside'; readonly cause: string; readonly aside: string };

export function readStored<S extends z.ZodType>(path: string, schema: S, now: () => Date): StoredRead<z.output<S>> {
  const read = readRegularFileSync(path, MAX_STATE_FILE_BYTES);
  if (!read.ok && read.problem === 'missing') return { kind: 'missing' };
  const parsed = read.ok ? parseStored(read.bytes, schema) : { ok: false as const, cause: refusalWords(read) };
  if (parsed.ok) return { kind: 'ok', value: parsed.value };
  // Never dropped silently: the file is kept aside for support.
  const aside = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return { kind: 'set-aside', cause: parsed.cause, aside };
}

function parseStored<S extends z.ZodType>(bytes: Buffer, schema: S): { ok: true; value: z.output<S> } | { ok: false; cause: string } {
  try {
    const parsed = schema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, cause: `the entry "${parsed.error.issues[0]?.path.join('.') ?? '?'}" is invalid` };
  } catch (error) {
    return { ok: false, cause: error instanceof Error ? error.message : String(error) };
  }
}

export function writeDurably(path: string, text: string): void {
  const dir = dirname(path);
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
