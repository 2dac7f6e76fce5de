import type { BinaryKind } from '../../../common/domain';
import type { ListEncoding } from './dialing-list-analysis';

// Looks at the first bytes of a dialing list: refuses binary files, picks the
// encoding and delimiter, and splits the first rows. Pure: no I/O.

export const HEAD_BYTES = 64 * 1024;
const PREVIEW_ROWS = 5;
const DELIMITERS = [',', ';', '\t', '|'] as const;

export interface HeadSniff {
  encoding: ListEncoding;
  delimiter: string;
  firstRows: string[][];
  hasHeader: boolean;
}

const BINARY_WORDS: Readonly<Record<BinaryKind, string>> = {
  zip: 'it is a ZIP archive (an .xlsx workbook is one)',
  office: 'it is an old Excel (.xls) or Office file',
  pdf: 'it is a PDF document',
  utf16: 'it is UTF-16 text, which the platform does not take',
  nul: 'it contains NUL bytes, so it is not a text file',
};

/** The client's English words for a kind (the CLI's and the API errors'). */
export const binaryWords = (kind: BinaryKind): string => BINARY_WORDS[kind];

/** What kind of binary file this is, or undefined when it looks like text. */
export function binaryKind(head: Uint8Array): BinaryKind | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'office';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return 'utf16';
  if (head.includes(0)) return 'nul';
  return undefined;
}

/** Why a file is not a text list, in English, or undefined when it looks like text. */
export function binaryReason(head: Uint8Array): string | undefined {
  const kind = binaryKind(head);
  return kind === undefined ? undefined : binaryWords(kind);
}

export function detectEncoding(head: Uint8Array, isWholeFile: boolean): ListEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  try {
    // stream:true tolerates a character cut at the end of the head.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !isWholeFile });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

export function decodeText(bytes: Uint8Array, encoding: ListEncoding): string {
  return new TextDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8').decode(bytes);
}

/** Splits text into rows of fields, honouring double quotes (RFC 4180). */
export function splitRows(text: string, delimiter: string, maxRows: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.some((f) => f.trim() !== '')) rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) { row.push(field); field = ''; }
    else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (rows.length < maxRows && (field !== '' || row.length > 0)) endRow();
  return rows;
}

/** The delimiter found the same non-zero number of times on the most rows. */
export function detectDelimiter(lines: readonly string[]): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => splitRows(line, delimiter, 1)[0]?.length ?? 1);
    const first = counts[0] ?? 1;
    if (first < 2) continue;
    const score = counts.filter((n) => n === first).length * 100 + first;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export function sniffHead(head: Uint8Array, isWholeFile: boolean): HeadSniff {
  const encoding = detectEncoding(head, isWholeFile);
  let text = decodeText(head, encoding).replace(/^\uFEFF/, '');
  if (!isWholeFile) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  const lines = text.split('\n').filter((l) => l.trim() !== '').slice(0, 20);
  const delimiter = detectDelimiter(lines);
  const firstRows = splitRows(text, delimiter, PREVIEW_ROWS);
  const hasHeader = looksLikeHeader(firstRows);
  return { encoding, delimiter, firstRows, hasHeader };
}

function looksLikeHeader(rows: readonly string[][]): boolean {
  const [first, second] = rows;
  if (!first || !second) return false;
  const hasDigit = (row: readonly string[]) => row.some((f) => /[0-9]/.test(f));
  return !hasDigit(first) && hasDigit(second);
}
