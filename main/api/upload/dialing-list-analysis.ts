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
}
