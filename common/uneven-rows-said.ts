// The warning about a dialing list's rows whose number of fields differs from
// the first row's (main/api/upload/dialing-list-analysis.ts), as message keys:
// the upload form says it in the supervisor's language, `integra upload-base`
// in English, from the same sentences.
import type { Say } from './i18n/dictionary';

export interface UnevenRowsFacts {
  readonly fields: number;
  readonly count: number;
  /** The first few rows, as a spreadsheet numbers them. */
  readonly lines: readonly number[];
}

/** Null when every row has the first row's fields (or the file was not read to the end); `format` writes a number. */
export function unevenRowsSaid(uneven: UnevenRowsFacts | null, format: (n: number) => string = String): Say | null {
  if (!uneven || uneven.count === 0) return null;
  const more = uneven.count > uneven.lines.length ? ', …' : '';
  return {
    key: uneven.count === 1 ? 'sup.upload.unevenOne' : 'sup.upload.uneven',
    params: { count: format(uneven.count), fields: format(uneven.fields), lines: `${uneven.lines.map(format).join(', ')}${more}` },
  };
}
