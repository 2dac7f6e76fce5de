// The streaming row counter agrees with a plain reading of the same rule,
// however the text is cut into chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowCounter } from '../../../simulator/lists/row-counter';

/** The rule read plainly: rows split on newlines outside quotes; empty = only blanks and , ; | */
function reference(text: string): { lines: number; hasHeader: boolean } {
  const rows: string[] = [];
  let row = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === '\n' && !quoted) {
      rows.push(row);
      row = '';
    } else row += ch;
  }
  rows.push(row);
  const full = rows.filter((r) => /[^\s,;|]/.test(r.replace(/"/g, 'x')));
  const digit = (r: string | undefined) => /\d/.test(r ?? '');
  return { lines: full.length, hasHeader: full.length >= 2 && !digit(full[0]) && digit(full[1]) };
}

const textArb = fc
  .array(fc.constantFrom('a', '1', ' ', ';', ',', '|', '\n', '\r\n', '"', 'ñ', '\t', 'x9'), { maxLength: 80 })
  .map((parts) => parts.join(''));

describe('RowCounter', () => {
  it('counts rows and finds the header like the plain reading, for any chunking', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const counter = new RowCounter();
        let last = 0;
        for (const p of [...points, bytes.length]) {
          counter.push(bytes.subarray(last, p));
          last = p;
        }
        const expected = reference(text);
        const got = counter.result();
        expect({ lines: got.lines, hasHeader: got.hasHeader }).toEqual(expected);
        expect(got.records).toBe(expected.lines - (expected.hasHeader ? 1 : 0));
      }),
      { numRuns: 500 },
    );
  });
});
