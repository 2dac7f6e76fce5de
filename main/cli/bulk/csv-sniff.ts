import { open } from 'node:fs/promises';
import { binaryReason } from '../../api/upload/sniff-head';
import { CsvFileError } from './csv-records';

// Looks at the first bytes of a bulk CSV before anything is sent: refuses a
// workbook or other binary file, tells UTF-8 from Windows-1252 (what Excel on
// Windows writes as "CSV"), and picks the delimiter from the header line
// (`;` is what Excel writes in Spanish-speaking locales).

export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface CsvShape {
  readonly encoding: CsvEncoding;
  readonly delimiter: string;
}

const HEAD_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;

export async function sniffCsvFile(path: string, delimiter?: string): Promise<CsvShape> {
  const head = await readHead(path);
  const binary = binaryReason(head);
  if (binary !== undefined) throw new CsvFileError(`The file ${path} is not CSV text: ${binary}. Export it as CSV (comma or semicolon separated) and use that.`);
  const encoding = isUtf8(head) ? 'utf-8' : 'windows-1252';
  return { encoding, delimiter: delimiter ?? headerDelimiter(new TextDecoder(encoding).decode(head)) };
}

function isUtf8(head: Uint8Array): boolean {
  try {
    // stream: a character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The candidate that splits the header line into the most columns; `,` on a tie or a single column. */
export function headerDelimiter(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let best: string = ',';
  let bestCount = 0;
  for (const candidate of DELIMITERS) {
    const count = header.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

async function readHead(path: string): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : 'it cannot be read';
    throw new CsvFileError(`Cannot read the CSV file ${path}: ${why}. Check the path.`);
  } finally {
    await handle?.close();
  }
}
