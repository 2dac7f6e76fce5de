/** Text encodings a dialing list may arrive in; all are sent to the platform as UTF-8 without BOM. */
export type ListEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';

export interface DialingListAnalysis {
  encoding: ListEncoding;
  /** `,`, `;`, tab or `|`; `,` when the rows have a single column. */
  delimiter: string;
  /** Records (non-empty rows) not counting a header row. */
  records: number;
  /** True when the first row looks like column names (no digit in it while the next row has one). */
  hasHeader: boolean;
  /** Up to five first rows, split into fields. */
  firstRows: string[][];
  /** Size of the file on disk. */
  bytes: number;
  /**
   * Rows whose number of fields differs from the first row's (a field short, a delimiter too many): the
   * platform may misread them. `lines` are the first five, numbered as a spreadsheet numbers its rows (a quoted
   * line break stays inside its cell, a blank line is a row). Null when the file was
   * not read to the end (its record count given).
   */
  unevenRows: UnevenRows | null;
}

export interface UnevenRows {
  /** Fields in the first row, the one the others are held to. */
  fields: number;
  count: number;
  lines: number[];
}

/** How many line numbers of uneven rows are kept. */
export const UNEVEN_LINES_KEPT = 5;
