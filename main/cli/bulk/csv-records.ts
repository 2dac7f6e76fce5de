import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { CsvEncoding } from './csv-sniff';

// Reads a CSV file record by record as a stream: the file is never held in
// memory whole, so a bulk command's memory does not grow with its input.

/** One data record of the file, with where it came from. */
export interface CsvRecord {
  /** 1 = the first record after the header. */
  readonly row: number;
  /** Line of the file where the record ends (the record's line unless a field spans lines). */
  readonly line: number;
  /** Cells by normalised header name (trimmed, lower case). Missing cells are absent. */
  readonly cells: Readonly<Record<string, string>>;
  /** Set when the record has more or fewer cells than the header. */
  readonly cellCountMismatch?: { expected: number; actual: number };
}

export interface CsvReadOptions {
  readonly delimiter?: string;
  /** Default UTF-8 (a BOM is skipped); Windows-1252 is decoded to text first. */
  readonly encoding?: CsvEncoding;
}

export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
}

/** The file as a text stream, and the file stream itself (to close it when reading stops early). */
function textOf(path: string, options: CsvReadOptions): { text: NodeJS.ReadableStream; file: { destroy(): void } } {
  const file = createReadStream(path);
  return { text: options.encoding === 'windows-1252' ? file.pipe(iconv.decodeStream('win1252')) : file, file };
}

/** Header names as the commands compare them: `Full Name` → `fullname`. */
export function normaliseHeader(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, '');
}

/** Yields every data record of the file; the first line is the header. */
export async function* readCsvRecords(path: string, options: CsvReadOptions = {}): AsyncGenerator<CsvRecord, void, undefined> {
  const { text, file } = textOf(path, options);
  const parser = text.pipe(
    parse({
      bom: true,
      delimiter: options.delimiter ?? ',',
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  let header: string[] | undefined;
  let row = 0;
  try {
    for await (const item of parser as AsyncIterable<unknown>) {
      const { record, lines } = asParsedItem(item);
      if (header === undefined) {
        header = record.map(normaliseHeader);
        continue;
      }
      row += 1;
      const cells: Record<string, string> = {};
      header.forEach((name, index) => {
        const value = record[index];
        if (value !== undefined && name !== '') cells[name] = value;
      });
      const mismatch = record.length === header.length ? {} : { cellCountMismatch: { expected: header.length, actual: record.length } };
      yield { row, line: lines, cells, ...mismatch };
    }
  } catch (error) {
    throw new CsvFileError(`Cannot read the CSV file ${path}: ${describe(error)}. Check the path and that the file is CSV text.`);
  } finally {
    parser.destroy();
    file.destroy();
  }
  if (header === undefined) throw new CsvFileError(`The CSV file ${path} is empty: it needs a header line and at least one record.`);
}

/** The header of the file (normalised), read without reading the rest. */
export async function readCsvHeader(path: string, options: CsvReadOptions = {}): Promise<string[]> {
  const { text, file } = textOf(path, options);
  const parser = text.pipe(parse({ bom: true, delimiter: options.delimiter ?? ',', trim: true, skip_empty_lines: true, to_line: 1 }));
  try {
    for await (const record of parser as AsyncIterable<unknown>) {
      if (Array.isArray(record)) return record.map((cell) => normaliseHeader(String(cell)));
    }
  } catch (error) {
    throw new CsvFileError(`Cannot read the CSV file ${path}: ${describe(error)}. Check the path and that the file is CSV text.`);
  } finally {
    parser.destroy();
    file.destroy();
  }
  throw new CsvFileError(`The CSV file ${path} is empty: it needs a header line and at least one record.`);
}

/** Counts the records (header excluded) in one streamed pass, for the progress total. */
export async function countCsvRecords(path: string, options: CsvReadOptions = {}): Promise<number> {
  let count = 0;
  for await (const record of readCsvRecords(path, options)) if (record.row > 0) count += 1;
  return count;
}

function asParsedItem(item: unknown): { record: string[]; lines: number } {
  if (typeof item === 'object' && item !== null && 'record' in item && 'info' in item) {
    const { record, info } = item as { record: unknown; info: unknown };
    const lines = typeof info === 'object' && info !== null && 'lines' in info && typeof info.lines === 'number' ? info.lines : 0;
    if (Array.isArray(record)) return { record: record.map((cell) => String(cell)), lines };
  }
  throw new CsvFileError('the CSV parser produced an unexpected record');
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    if (code === 'ENOENT') return 'no such file';
    if (code === 'EACCES') return 'permission denied';
    if (code === 'EISDIR') return 'it is a folder';
    return error.message;
  }
  return String(error);
}
