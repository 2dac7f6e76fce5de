import { createWriteStream, type WriteStream } from 'node:fs';
import type { RowFailure } from './row-failure';

// The per-row error report: a CSV with the row number, the row's input
// columns (never a password-like column) and what went wrong, so a person can
// fix those rows and run the command again.

const SECRET_COLUMN = /pass|secret|token|pin$/i;

export function isSecretColumn(name: string): boolean {
  return SECRET_COLUMN.test(name);
}

export interface ErrorReport {
  readonly path: string;
  add(row: number, line: number, cells: Readonly<Record<string, string>>, failure: RowFailure): void;
  close(): Promise<void>;
}

/** Creates (or replaces) the report file with its header line. */
export function openErrorReport(path: string, inputColumns: readonly string[]): ErrorReport {
  const columns = inputColumns.filter((name) => !isSecretColumn(name));
  const out: WriteStream = createWriteStream(path, { flags: 'w', mode: 0o600 });
  let failedWrite: Error | undefined;
  out.on('error', (error) => {
    failedWrite = error;
  });
  out.write(`${['row', 'line', ...columns, 'error_kind', 'error'].map(csvCell).join(',')}\n`);
  return {
    path,
    add(row, line, cells, failure) {
      const values = [String(row), String(line), ...columns.map((name) => cells[name] ?? ''), failure.kind, failure.message];
      out.write(`${values.map(csvCell).join(',')}\n`);
    },
    close() {
      return new Promise((resolve, reject) => {
        out.end(() => (failedWrite === undefined ? resolve() : reject(new Error(`Cannot write the error report ${path}: ${failedWrite.message}`))));
        out.once('error', reject);
      });
    },
  };
}

/** RFC 4180 quoting: quote when needed, double inner quotes. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}
