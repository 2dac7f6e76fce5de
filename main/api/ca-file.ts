// The private CA file (the `caFile` setting, --ca-file): a regular file of at
// most 64 KB (a PEM bundle is a few KB), read once and kept by device, inode,
// size and modification time. A device, a FIFO or a huge file is refused
// without being read (issue 13), and the check is made on the open descriptor,
// never on a look taken before the open: a path swapped for a FIFO between
// the two used to hang main, inside Electron's certificate check too (issue 21).
import { closeSync } from 'node:fs';
import { openRegularFileSync, readOpenedSync, type BoundedRead, type Refused } from './files/regular-file';

export const MAX_CA_FILE_BYTES = 64 * 1024;

export type CaFileRead =
  | { readonly ok: true; readonly pem: string }
  | { readonly ok: false; readonly problem: 'unreadable'; readonly code: string }
  | { readonly ok: false; readonly problem: 'not-a-file' | 'too-large' | 'not-pem' };

const cache = new Map<string, { readonly stamp: string; readonly read: CaFileRead }>();

/** Reads the CA file, from the cache when the opened file has not changed. Never throws, never blocks. */
export function readCaFile(path: string): CaFileRead {
  const opened = openRegularFileSync(path);
  if (!opened.ok) return caRefusal(opened);
  try {
    const { fd, stat } = opened;
    const stamp = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const cached = cache.get(path);
    if (cached?.stamp === stamp) return cached.read;
    const read = pemOf(readOpenedSync(fd, stat, MAX_CA_FILE_BYTES));
    cache.set(path, { stamp, read });
    return read;
  } finally {
    closeSync(opened.fd);
  }
}

function pemOf(read: BoundedRead): CaFileRead {
  if (!read.ok) return caRefusal(read);
  const pem = read.bytes.toString('utf8');
  return pem.includes('-----BEGIN CERTIFICATE-----') ? { ok: true, pem } : { ok: false, problem: 'not-pem' };
}

function caRefusal(refused: Refused): CaFileRead {
  switch (refused.problem) {
    case 'missing':
    case 'unreadable':
      return { ok: false, problem: 'unreadable', code: refused.code };
    case 'too-large':
      return { ok: false, problem: 'too-large' };
    case 'not-a-file':
    case 'link': // links are followed here: not reached
      return { ok: false, problem: 'not-a-file' };
  }
}

/** What is wrong with a CA file, in plain English for the CLI. */
/** The CA file's PEM, or null when there is no path or the app refuses the file (readCaFile says why elsewhere). */
export function caPemOrNull(path: string): string | null {
  if (!path) return null;
  const read = readCaFile(path);
  return read.ok ? read.pem : null;
}

export function caFileProblem(path: string, read: Exclude<CaFileRead, { ok: true }>): string {
  const name = JSON.stringify(path);
  if (read.problem === 'unreadable') return `the CA file ${name} cannot be read (${read.code})`;
  if (read.problem === 'not-pem') return `the CA file ${name} holds no PEM certificate ("-----BEGIN CERTIFICATE-----")`;
  return `the CA file ${name} is not a regular file of at most ${MAX_CA_FILE_BYTES / 1024} KB`;
}
