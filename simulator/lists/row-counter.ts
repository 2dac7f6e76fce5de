// Counts the records of list text as it streams by: rows that hold something
// besides blanks and delimiters, a quoted field may span lines, and the first
// row is a header when it has no digit and the second one has (same rule as
// the client's analysis, so both sides agree on `cant`).
const LF = 0x0a;
const QUOTE = 0x22;
const delimiters = new Set([0x2c, 0x3b, 0x7c]); // , ; |
const maxSampleBytes = 4096;

export class RowCounter {
  #rows = 0;
  #quoted = false;
  #content = false;
  readonly #samples: number[][] = [[], []];

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (b === QUOTE) {
        this.#quoted = !this.#quoted;
        this.#content = true;
      } else if (b === LF && !this.#quoted) {
        if (this.#content) this.#rows++;
        this.#content = false;
        continue;
      } else if (b > 0x20 && !delimiters.has(b)) this.#content = true;
      const sample = this.#rows < 2 ? this.#samples[this.#rows] : undefined;
      if (sample && sample.length < maxSampleBytes) sample.push(b);
    }
  }

  result(): { lines: number; records: number; hasHeader: boolean } {
    const lines = this.#rows + (this.#content ? 1 : 0);
    const hasDigit = (bytes: number[] | undefined) => (bytes ?? []).some((b) => b >= 0x30 && b <= 0x39);
    const hasHeader = lines >= 2 && !hasDigit(this.#samples[0]) && hasDigit(this.#samples[1]);
    return { lines, records: lines - (hasHeader ? 1 : 0), hasHeader };
  }
}
