// The one way the calls area keeps a small JSON file that must survive a crash
// and is nobody else's business (kept wrap-ups, missed calls): written to a
// temporary file, fsync'd, renamed over the old one, and the folder fsync'd;
// folders 0700, files 0600. Read back through a schema; a damaged file is set
// aside (renamed, never deleted) so the caller can say so.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

export type StoredRead<T> =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly value: T }
  /** Unreadable or invalid: renamed to `aside`; `cause` in plain words. */
  | { readonly kind: 'set-aside'; readonly cause: string; readonly aside: string };

export function readStored<S extends z.ZodType>(path: string, schema: S, now: () => Date): StoredRead<z.output<S>> {
  if (!existsSync(path)) return { kind: 'missing' };
  let cause: string;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { kind: 'ok', value: parsed.data };
    cause = `the entry "${parsed.error.issues[0]?.path.join('.') ?? '?'}" is invalid`;
  } catch (error) {
    cause = error instanceof Error ? error.message : String(error);
  }
  // Never dropped silently: the file is kept aside for support.
  const aside = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return { kind: 'set-aside', cause, aside };
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
