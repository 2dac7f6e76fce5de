// Small file helpers shared by the settings file and the vault file: writes go
// to a temporary file that is then renamed, so a crash never leaves half a file.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MAX_STATE_FILE_BYTES, readRegularFileSync, RefusedFileError } from '../files';

/**
 * The file's bytes, or undefined when there is none. Anything but a regular file of at most
 * MAX_STATE_FILE_BYTES (a FIFO there would hang main) throws RefusedFileError, in plain words.
 */
export function readIfExists(path: string): Buffer | undefined {
  const read = readRegularFileSync(path, MAX_STATE_FILE_BYTES);
  if (read.ok) return read.bytes;
  if (read.problem === 'missing') return undefined;
  throw new RefusedFileError(path, read);
}

/** Writes with owner-only permissions (0600): settings and vault are nobody else's business. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, path);
}

/** `settings.json` → `settings.corrupt-2026-11-21T21-30-00-000Z.json`. */
export function asidePath(path: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return path.replace(/(\.json)?$/, `.corrupt-${stamp}.json`);
}
