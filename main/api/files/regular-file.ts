// The one way main opens a file it reads: never blocking, and never trusting
// a look taken before the open (issue 21). The path may be swapped for a FIFO
// or a device between a stat and an open, so the only check that counts is
// the one made on the open descriptor.
//
//   open(O_RDONLY | O_NONBLOCK | O_NOCTTY [| O_NOFOLLOW]) ──▶ fstat(descriptor)
//     not a regular file (FIFO, device, socket, folder) ──▶ 'not-a-file'
//     over the cap (by its size, or by what a read finds) ──▶ 'too-large'
//     otherwise ──▶ the bytes (read whole), or the open handle (streamed)
//
// O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer for
// good, and main's thread (or a libuv worker, for the async calls) with it;
// on a regular file it changes nothing. O_NOCTTY: a terminal named as a file
// never becomes main's controlling terminal. Windows has neither flag (nor
// FIFOs at file paths): there they are 0.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { lstat, open, stat as statFollowingLinks, type FileHandle } from 'node:fs/promises';

export type FileRefusal =
  /** No such file (ENOENT), or a folder on the way is missing or a file (ENOTDIR). */
  | { readonly problem: 'missing'; readonly code: string }
  /** A FIFO, device, socket or folder. */
  | { readonly problem: 'not-a-file' }
  /** A symbolic link, where the caller refuses them. */
  | { readonly problem: 'link' }
  | { readonly problem: 'too-large'; readonly maxBytes: number }
  /** Permissions and the like: the system's error code. */
  | { readonly problem: 'unreadable'; readonly code: string };

export type Refused = { readonly ok: false } & FileRefusal;
export type BoundedRead = { readonly ok: true; readonly bytes: Buffer; readonly stat: Stats } | Refused;
export type OpenedFile = { readonly ok: true; readonly handle: FileHandle; readonly stat: Stats } | Refused;

export interface OpenOptions {
  /**
   * 'refuse' where the name itself is what makes the file acceptable (a list
   * the page names by a .csv path): the file read must be the one that name
   * is. Default 'follow': the CA bundles in /etc/ssl/certs are links.
   */
  readonly links?: 'follow' | 'refuse';
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CHUNK_BYTES = 64 * 1024;

/** Reads a whole regular file of at most `maxBytes`. Never throws, never blocks on what is not a regular file. */
export function readRegularFileSync(path: string, maxBytes: number): BoundedRead {
  const opened = openRegularFileSync(path);
  if (!opened.ok) return opened;
  try {
    return readOpenedSync(opened.fd, opened.stat, maxBytes);
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Opens a regular file and checks it on its descriptor, for a caller that
 * looks at the descriptor's stat before reading (a cache): see
 * readOpenedSync. The caller closes the descriptor.
 */
export function openRegularFileSync(path: string): { readonly ok: true; readonly fd: number; readonly stat: Stats } | Refused {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    return refusedBy(error, false);
  }
  try {
    const stat = fstatSync(fd);
    const refusal = checked(stat);
    if (refusal === null) return { ok: true, fd, stat };
    closeSync(fd);
    return refusal;
  } catch (error) {
    closeSync(fd);
    return refusedBy(error, false);
  }
}

/** Reads an opened regular file from its start, refusing it past `maxBytes` (it may have grown since its fstat). */
export function readOpenedSync(fd: number, stat: Stats, maxBytes: number): BoundedRead {
  const bytes = new CappedBytes(stat, maxBytes);
  try {
    while (bytes.wantsMore()) bytes.took(readSync(fd, bytes.chunk, 0, bytes.chunk.length, bytes.total));
  } catch (error) {
    return refusedBy(error, false);
  }
  return bytes.result();
}

/** readRegularFileSync, off main's thread. */
export async function readRegularFile(path: string, maxBytes: number): Promise<BoundedRead> {
  const opened = await openRegularFile(path);
  if (!opened.ok) return opened;
  const bytes = new CappedBytes(opened.stat, maxBytes);
  try {
    while (bytes.wantsMore()) bytes.took((await opened.handle.read(bytes.chunk, 0, bytes.chunk.length, bytes.total)).bytesRead);
  } catch (error) {
    return refusedBy(error, false);
  } finally {
    await opened.handle.close();
  }
  return bytes.result();
}

/**
 * Bytes read chunk by chunk up to one past the cap, so a file is never read
 * further than that. Refused at once when its fstat already says too large.
 */
class CappedBytes {
  private readonly chunks: Buffer[] = [];
  private refusal: Refused | null;
  private ended = false;
  total = 0;
  chunk: Buffer;

  constructor(
    private readonly stat: Stats,
    private readonly maxBytes: number,
  ) {
    this.refusal = checked(stat, maxBytes);
    this.chunk = this.nextChunk();
  }

  wantsMore(): boolean {
    return this.refusal === null && !this.ended;
  }

  took(count: number): void {
    if (count === 0) {
      this.ended = true;
      return;
    }
    this.chunks.push(this.chunk.subarray(0, count));
    this.total += count;
    if (this.total > this.maxBytes) this.refusal = { ok: false, problem: 'too-large', maxBytes: this.maxBytes };
    else this.chunk = this.nextChunk();
  }

  result(): BoundedRead {
    return this.refusal ?? { ok: true, bytes: Buffer.concat(this.chunks, this.total), stat: this.stat };
  }

  private nextChunk(): Buffer {
    return Buffer.allocUnsafe(Math.min(CHUNK_BYTES, this.maxBytes + 1 - this.total));
  }
}

/**
 * Opens a regular file for streaming (a dialing list: no cap here, the
 * reader keeps its own bounds). The caller closes the handle.
 *
 * With links 'refuse': O_NOFOLLOW refuses a link as the last part of the
 * path atomically where the OS has it; then lstat, made AFTER the open, must
 * show that very file (same device and inode) under the name given, which is
 * what refuses a link where there is no O_NOFOLLOW (Windows). Links among
 * the folders on the way are followed (macOS's /tmp is one): the file's own
 * name is what the caller checks, and it cannot be a link's.
 */
export async function openRegularFile(path: string, options: OpenOptions = {}): Promise<OpenedFile> {
  const refuseLinks = options.links === 'refuse';
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS | (refuseLinks ? NO_FOLLOW : 0));
  } catch (error) {
    const refused = refusedBy(error, refuseLinks);
    return refused.problem === 'link' ? linkRefusal(path) : refused;
  }
  try {
    const stat = await handle.stat();
    const refusal = checked(stat) ?? (refuseLinks && !sameEntry(await lstat(path), stat) ? await linkRefusal(path) : null);
    if (refusal === null) return { ok: true, handle, stat };
    await handle.close();
    return refusal;
  } catch (error) {
    await handle.close();
    return refusedBy(error, refuseLinks);
  }
}

/** Why a file was refused, in plain words, to follow "the file X cannot be used: ". */
export function refusalWords(refusal: FileRefusal): string {
  switch (refusal.problem) {
    case 'missing':
      return 'it does not exist';
    case 'not-a-file':
      return 'it is not a regular file (it is a folder, a device or a pipe)';
    case 'link':
      return 'it is a link to another file; name the file itself';
    case 'too-large':
      return `it is larger than ${sizeWords(refusal.maxBytes)}`;
    case 'unreadable':
      return `it cannot be read (${refusal.code})`;
  }
}

/** 65536 → "64 KB", 4194304 → "4 MB". */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function checked(stat: Stats, maxBytes?: number): Refused | null {
  if (!stat.isFile()) return { ok: false, problem: 'not-a-file' };
  if (maxBytes !== undefined && stat.size > maxBytes) return { ok: false, problem: 'too-large', maxBytes };
  return null;
}

/** A link refused, said by what it leads to: a link to a folder or a device (/proc/self) is no file at all. Only words: the file is refused either way. */
async function linkRefusal(path: string): Promise<Refused> {
  const target = await statFollowingLinks(path).catch(() => null);
  return target === null || target.isFile() ? { ok: false, problem: 'link' } : { ok: false, problem: 'not-a-file' };
}

function sameEntry(entry: Stats, opened: Stats): boolean {
  return !entry.isSymbolicLink() && entry.dev === opened.dev && entry.ino === opened.ino;
}

function refusedBy(error: unknown, refusingLinks: boolean): Refused {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, problem: 'missing', code };
  // ELOOP: O_NOFOLLOW met a link (Linux; macOS and the BSDs say so too). EMLINK: FreeBSD's word for it.
  if (refusingLinks && (code === 'ELOOP' || code === 'EMLINK')) return { ok: false, problem: 'link' };
  // EISDIR: Windows opening a folder; ENXIO: Linux opening a socket.
  if (code === 'EISDIR' || code === 'ENXIO') return { ok: false, problem: 'not-a-file' };
  return { ok: false, problem: 'unreadable', code };
}

/** A refused file as an error, for callers whose port throws (a settings or policy reader). */
export class RefusedFileError extends Error {
  override readonly name = 'RefusedFileError';

  constructor(
    readonly path: string,
    readonly refusal: FileRefusal,
  ) {
    super(`the file ${path} cannot be used: ${refusalWords(refusal)}`);
  }
}
