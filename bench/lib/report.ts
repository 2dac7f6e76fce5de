// Benchmark output: one JSON line per result on stdout (machine-readable,
// `{"bench":...}`), and human tables and notes on stderr, so stdout stays
// pure JSON lines (`npm run bench > results.jsonl`).

export type Cell = string | number | boolean | null;

export function emitResult(bench: string, result: Readonly<Record<string, Cell>>): void {
  process.stdout.write(`${JSON.stringify({ bench, ...result })}\n`);
}

/** A plain-text table with right-aligned numbers. */
export function formatTable(rows: readonly Readonly<Record<string, Cell>>[], columns?: readonly string[]): string {
  const names = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = (value: Cell | undefined): string => (value === undefined || value === null ? '' : String(value));
  const widths = names.map((name) => Math.max(name.length, ...rows.map((row) => text(row[name]).length)));
  const line = (cells: readonly string[], numeric: readonly boolean[]): string =>
    cells.map((cell, i) => (numeric[i] === true ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  const numeric = names.map((name) => rows.every((row) => typeof row[name] === 'number' || row[name] === undefined));
  return [
    line(names, numeric),
    line(widths.map((w) => '-'.repeat(w)), numeric),
    ...rows.map((row) => line(names.map((name) => text(row[name])), numeric)),
  ].join('\n');
}

export function printTable(title: string, rows: readonly Readonly<Record<string, Cell>>[], columns?: readonly string[]): void {
  process.stderr.write(`\n${title}\n${formatTable(rows, columns)}\n\n`);
}
