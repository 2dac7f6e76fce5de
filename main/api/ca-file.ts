// The private CA file (the `caFile` setting, --ca-file): a regular file of at
// most 64 KB (a PEM bundle is a few KB), read once and kept by path, size and
// modification time. A device such as /dev/zero, a FIFO or a huge file is
// refused without reading it, so main's event loop never blocks on it (issue 13).
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

export const MAX_CA_FILE_BYTES = 64 * 1024;

export type CaFileRead =
  | { readonly ok: true; readonly pem: string }
  | { readonly ok: false; readonly problem: 'unreadable'; readonly code: string }
  | { readonly ok: false; readonly problem: 'not-a-file' | 'too-large' | 'not-pem' };

const cache = new Map<string, { readonly stamp: string; readonly read: CaFileRead }>();

/** Reads the CA file, from the cache when it has not changed. Never throws. */
export function readCaFile(path: string): CaFileRead {
  let stamp: string;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { ok: false, problem: 'not-a-file' };
    if (stat.size > MAX_CA_FILE_BYTES) return { ok: false, problem: 'too-large' };
    stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch (error) {
    return { ok: false, problem: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
  const cached = cache.get(path);
  if (cached?.stamp === stamp) return cached.read;
  const read = readBounded(path);
  cache.set(path, { stamp, read });
  return read;
}

function readBounded(path: string): CaFileRead {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    // Checked again on the open file: the path may have been swapped since the stat.
    if (!fstatSync(fd).isFile()) return { ok: false, problem: 'not-a-file' };
    const buffer = Buffer.alloc(MAX_CA_FILE_BYTES + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_CA_FILE_BYTES) return { ok: false, problem: 'too-large' };
    const pem = buffer.subarray(0, length).toString('utf8');
    return pem.includes('-----BEGIN CERTIFICATE-----') ? { ok: true, pem } : { ok: false, problem: 'not-pem' };
  } catch (error) {
    return { ok: false, problem: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What is wrong with a CA file, in plain English for the CLI. */
export function caFileProblem(path: string, read: Exclude<CaFileRead, { ok: true }>): string {
  const name = JSON.stringify(path);
  if (read.problem === 'unreadable') return `the CA file ${name} cannot be read (${read.code})`;
  if (read.problem === 'not-pem') return `the CA file ${name} holds no PEM certificate ("-----BEGIN CERTIFICATE-----")`;
  return `the CA file ${name} is not a regular file of at most ${MAX_CA_FILE_BYTES / 1024} KB`;
}
