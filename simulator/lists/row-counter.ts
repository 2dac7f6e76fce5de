// Counts the records of list text as it streams by: rows that hold something
// besides blanks and delimiters, a quoted field may span lines, and the first
// row is a header when it has no digit and the second one has (same rule as
// the client's analysis, so both sides agree on `cant`).
const LF = 0x0a;
const QUOTE = 0x22;
const maxSampleBytes = 4096;

/** Bytes that make a row non-empty: above space, not a delimiter (, ; |). */
const isContent = new Uint8Array(256);
for (let b = 0x21; b < 256; b++) isContent[b] = b === 0x2c || b === 0x3b || b === 0x7c ? 0 : 1;

export class RowCounter {
  #rows = 0;
  #quoted = false;
  #content = false;
  readonly #samples: number[][] = [[], []];

  push(chunk: Uint8Array): void {
    let i = 0;
    // The first two rows are kept as samples for the header rule, byte by byte.
    while (this.#rows < 2 && i < chunk.length) this.#step(chunk[i++] as number, true);
    if (i >= chunk.length) return;
    if (!this.#quoted && chunk.indexOf(QUOTE, i) === -1) this.#pushUnquoted(chunk, i);
    else for (; i < chunk.length; i++) this.#step(chunk[i] as number, false);
  }

  #step(b: number, sample: boolean): void {
    if (b === QUOTE) {
      this.#quoted = !this.#quoted;
      this.#content = true;
    } else if (b === LF && !this.#quoted) {
      if (this.#content) this.#rows++;
      this.#content = false;
      return;
    } else if (isContent[b] === 1) this.#content = true;
    const row = sample ? this.#samples[this.#rows] : undefined;
    if (row && row.length < maxSampleBytes) row.push(b);
  }

  /** Fast path for a chunk without quotes: line by line with native searches. */
  #pushUnquoted(chunk: Uint8Array, from: number): void {
    let rows = this.#rows;
    let content = this.#content;
    let start = from;
    for (;;) {
      const nl = chunk.indexOf(LF, start);
      const end = nl === -1 ? chunk.length : nl;
      for (let k = start; !content && k < end; k++) if (isContent[chunk[k] as number] === 1) content = true;
      if (nl === -1) break;
      if (content) rows++;
      content = false;
      start = nl + 1;
    }
    this.#rows = rows;
    this.#content = content;
  }

  result(): { lines: number; records: number; hasHeader: boolean } {
    const lines = this.#rows + (this.#content ? 1 : 0);
    const hasDigit = (bytes: number[] | undefined) => (bytes ?? []).some((b) => b >= 0x30 && b <= 0x39);
    const hasHeader = lines >= 2 && !hasDigit(this.#samples[0]) && hasDigit(this.#samples[1]);
    return { lines, records: lines - (hasHeader ? 1 : 0), hasHeader };
  }
}
