/**
 * The outbox's durable journal: an append-only JSON Lines file, each append
 * fsync'd before it is acknowledged, the directory fsync'd when it or the file
 * is first created (so the file's name survives a power cut too).
 *
 * On open the file is read back: records fold into the live entries (added,
 * not done); a line that is not a record (a torn write at the tail, garbage)
 * is copied to `<name>.quarantine.jsonl` with the reason and reported, never
 * dropped silently. The journal is then compacted (rewritten with only the
 * live entries via temp file + fsync + rename), so new appends never follow a
 * torn line. A journal that is not a regular file of at most MAX_JOURNAL_BYTES
 * (a FIFO would hang the read for good) is renamed aside whole, and that is
 * quarantined and reported the same way.
 */
import type { Say } from '../../../common/i18n/say';
import { open, mkdir, rename, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readRegularFile, RefusedFileError, refusalWords } from '../files';
import { parseJournalLine, type JournalRecord, type JournalRecordInput } from './journal-record';

/**
 * The journal is compacted at every open and after 500 appends (outbox.ts), so
 * it holds the entries still waiting plus a few hundred records: a disposition
 * is about 1 KB. 64 MB is tens of thousands of dispositions waiting, weeks of a
 * shift cut off from the platform, and still reads in well under a second.
 */
const MAX_JOURNAL_BYTES = 64 * 1024 * 1024;

export interface JournalEntry {
  readonly id: string;
  readonly item: unknown;
  readonly addedAt: string;
  /** Send attempts started (a replayed entry with attempts > 0 may already be on the platform). */
  attempts: number;
  /** Why it was parked (needs a person), or null while it is in line to be sent. */
  parked: string | null;
  /** The same reason as a message key, when the sender gave one. */
  parkedSay?: Say | undefined;
}

export interface QuarantineReport {
  readonly count: number;
  readonly file: string;
}

export interface JournalOpenResult {
  readonly journal: Journal;
  /** Live entries in the order they were added. */
  readonly entries: JournalEntry[];
  readonly quarantined: QuarantineReport | null;
}

async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

interface BadLine {
  readonly line: string;
  readonly reason: string;
}

/** The journal's text ('' when there is none); a file refused for what it is comes back renamed aside, as a bad line. */
async function readJournal(file: string): Promise<{ text: string; setAside: BadLine | null }> {
  const read = await readRegularFile(file, MAX_JOURNAL_BYTES);
  if (read.ok) return { text: read.bytes.toString('utf8'), setAside: null };
  if (read.problem === 'missing') return { text: '', setAside: null };
  // Permissions: moving the file would not help, and the entries in it must not look gone.
  if (read.problem === 'unreadable') throw new RefusedFileError(file, read);
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, aside);
  return { text: '', setAside: { line: '', reason: `the journal was set aside as ${aside}: ${refusalWords(read)}` } };
}

// Dispositions hold customers' numbers and the agent's comments: owner only.
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** mkdir -p, then fsync every directory whose entry list changed (the new ones' parents). */
async function ensureDir(dir: string): Promise<void> {
  const firstCreated = await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  if (firstCreated === undefined) return;
  const created: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    created.push(d);
    if (d === firstCreated || dirname(d) === d) break;
  }
  for (const d of created) await fsyncPath(dirname(d));
  await fsyncPath(dir);
}

function fold(records: JournalRecord[]): JournalEntry[] {
  const live = new Map<string, JournalEntry>();
  for (const r of records) {
    const e = live.get(r.id);
    switch (r.op) {
      case 'add':
        if (!e) live.set(r.id, { id: r.id, item: r.item, addedAt: r.at, attempts: 0, parked: null });
        break;
      case 'attempt':
        if (e) e.attempts = Math.max(e.attempts, r.n);
        break;
      case 'done':
        live.delete(r.id);
        break;
      case 'park':
        if (e) {
          e.parked = r.reason;
          e.parkedSay = r.say;
        }
        break;
      case 'unpark':
        if (e) {
          e.parked = null;
          e.parkedSay = undefined;
        }
        break;
    }
  }
  return [...live.values()];
}

function line(record: JournalRecordInput, at = new Date().toISOString()): string {
  return JSON.stringify({ v: 1, ...record, at }) + '\n';
}

/** The records that recreate an entry after compaction. */
function recordsOf(e: JournalEntry): string {
  let out = line({ op: 'add', id: e.id, item: e.item }, e.addedAt);
  if (e.attempts > 0) out += line({ op: 'attempt', id: e.id, n: e.attempts });
  if (e.parked !== null) out += line({ op: 'park', id: e.id, reason: e.parked, ...(e.parkedSay ? { say: e.parkedSay } : {}) });
  return out;
}

export class Journal {
  private tail: Promise<void> = Promise.resolve();
  private closed = false;
  /** Records appended since the last compaction. */
  private appended = 0;

  private constructor(
    private fh: FileHandle,
    readonly file: string,
    readonly dir: string,
  ) {}

  static async open(dir: string, name = 'outbox'): Promise<JournalOpenResult> {
    await ensureDir(dir);
    const file = join(dir, `${name}.jsonl`);
    const { text, setAside } = await readJournal(file);
    const records: JournalRecord[] = [];
    const bad: BadLine[] = setAside ? [setAside] : [];
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      const parsed = parseJournalLine(raw);
      if (parsed.ok) records.push(parsed.record);
      else bad.push({ line: raw, reason: parsed.reason });
    }
    let quarantined: QuarantineReport | null = null;
    if (bad.length > 0) {
      const qfile = join(dir, `${name}.quarantine.jsonl`);
      const at = new Date().toISOString();
      const qfh = await open(qfile, 'a', PRIVATE_FILE);
      try {
        await qfh.write(bad.map((b) => JSON.stringify({ at, from: file, reason: b.reason, line: b.line }) + '\n').join(''));
        await qfh.sync();
      } finally {
        await qfh.close();
      }
      await fsyncPath(dir);
      quarantined = { count: bad.length, file: qfile };
    }
    const entries = fold(records);
    await Journal.rewrite(file, dir, entries);
    const fh = await open(file, 'a', PRIVATE_FILE);
    return { journal: new Journal(fh, file, dir), entries, quarantined };
  }

  /** Atomically replaces the journal with just these entries. */
  private static async rewrite(file: string, dir: string, entries: JournalEntry[]): Promise<void> {
    const tmp = `${file}.tmp`;
    const fh = await open(tmp, 'w', PRIVATE_FILE);
    try {
      await fh.write(entries.map(recordsOf).join(''));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
    await fsyncPath(dir);
  }

  /** Resolves once the record is on disk (fsync'd). Appends are written in call order. */
  append(record: JournalRecordInput): Promise<void> {
    return this.enqueue(async () => {
      await this.fh.write(line(record));
      await this.fh.sync();
      this.appended += 1;
    });
  }

  get recordsSinceCompaction(): number {
    return this.appended;
  }

  /** Rewrites the journal with only `live`; appends wait meanwhile. */
  compact(live: JournalEntry[]): Promise<void> {
    return this.enqueue(async () => {
      await this.fh.close();
      await Journal.rewrite(this.file, this.dir, live);
      this.fh = await open(this.file, 'a', PRIVATE_FILE);
      this.appended = 0;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.tail.catch(() => undefined);
    await this.fh.close();
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The outbox journal is closed.'));
    const run = this.tail.then(task);
    // Keep the chain alive after a failure; the caller still sees the rejection.
    this.tail = run.catch(() => undefined);
    return run;
  }
}
