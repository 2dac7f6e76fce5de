import type { FileHandle } from 'node:fs/promises';
import { AbortedError, BadInputError, IntegraError } from '../errors';
import { UNEVEN_LINES_KEPT, type DialingListAnalysis, type ListEncoding, type UnevenRows } from './dialing-list-analysis';
import { openDialingList } from './open-dialing-list';
import type { BinaryKind } from '../../../common/domain';
import { binaryKind, binaryWords, HEAD_BYTES, sniffHead, type HeadSniff } from './sniff-head';

// Looks at a dialing list on disk without loading it: the head decides
// encoding, delimiter and preview; one streaming pass counts the records,
// checks for NUL bytes all the way through, confirms the UTF-8 guess and
// finds rows whose fields do not match the first row's.

export interface AnalyzeOptions {
  signal?: AbortSignal;
  /** Skip the counting pass (records is then -1). */
  headOnly?: boolean;
}

const QUOTE = 0x22;
const LF = 0x0a;

export async function analyzeDialingList(path: string, options: AnalyzeOptions = {}): Promise<DialingListAnalysis> {
  try {
    return await analyze(path, options);
  } catch (error) {
    if (error instanceof IntegraError) throw error;
    if (options.signal?.aborted) throw new AbortedError('uploadBase');
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new BadInputError('uploadBase', `the file ${JSON.stringify(path)} could not be read to the end (${code})`);
  }
}

async function analyze(path: string, options: AnalyzeOptions): Promise<DialingListAnalysis> {
  const { handle, bytes } = await openDialingList(path);
  try {
    if (bytes === 0) throw new BadInputError('uploadBase', `the file ${JSON.stringify(path)} is empty`);
    const head = await readHead(handle);
    const refusal = binaryKind(head);
    if (refusal) throw new NotTextListError(path, refusal);
    const sniff = sniffHead(head, head.length === bytes);
    if (options.headOnly) return { ...sniff, records: -1, bytes, unevenRows: null };
    const pass = await countRecords(handle, path, sniff, options.signal);
    const records = Math.max(0, pass.rows - (sniff.hasHeader ? 1 : 0));
    return { ...sniff, encoding: pass.encoding, records, bytes, unevenRows: pass.uneven };
  } finally {
    await handle.close();
  }
}

/** A workbook or other binary file given as a dialing list: refused before a byte is sent, saying what it is. */
export class NotTextListError extends BadInputError {
  constructor(path: string, readonly binary: BinaryKind) {
    super('uploadBase', `the file ${JSON.stringify(path)} is not a text list: ${binaryWords(binary)}. Export it as CSV (comma or semicolon separated text) and upload that`);
  }
}

async function readHead(handle: FileHandle): Promise<Uint8Array> {
  const buffer = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
  return buffer.subarray(0, bytesRead);
}

async function countRecords(handle: FileHandle, path: string, sniff: HeadSniff, signal?: AbortSignal): Promise<{ rows: number; encoding: ListEncoding; uneven: UnevenRows }> {
  const delimiter = sniff.delimiter.charCodeAt(0);
  const validator = sniff.encoding === 'utf-8' ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  let encoding = sniff.encoding;
  let rows = 0;
  let quoted = false;
  let content = false;
  let fields = 1;
  let line = 1;
  const uneven: UnevenRows = { fields: 0, count: 0, lines: [] };
  const rowEnds = (): void => {
    if (content) {
      rows++;
      if (rows === 1) uneven.fields = fields;
      else if (fields !== uneven.fields && ++uneven.count <= UNEVEN_LINES_KEPT) uneven.lines.push(line);
    }
    content = false;
    fields = 1;
    line++;
  };
  signal?.throwIfAborted(); // see openDialingList: a handle's stream throws an early abort a second time, uncaught
  const stream = handle.createReadStream({ start: 0, autoClose: false, highWaterMark: 256 * 1024, ...(signal ? { signal } : {}) });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) throw new NotTextListError(path, 'nul');
    if (validator && encoding === 'utf-8') {
      try {
        validator.decode(chunk, { stream: true });
      } catch {
        encoding = 'windows-1252'; // not valid UTF-8 after all: the legacy Windows code page is the usual culprit
      }
    }
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] ?? 0;
      if (b === QUOTE) { quoted = !quoted; content = true; }
      else if (b === LF && !quoted) rowEnds();
      else if (b === delimiter) { if (!quoted) fields++; }
      else if (b > 0x20) content = true;
    }
  }
  rowEnds();
  return { rows, encoding, uneven };
}
