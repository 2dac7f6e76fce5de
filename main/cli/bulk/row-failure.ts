import { isIntegraError } from '../../api/index';

// What went wrong with one row, in the terms of the bulk commands' exit codes.

export type RowFailureKind =
  | 'invalid' // the row itself is wrong; nothing was sent for it (exit 4)
  | 'refused' // the platform answered `0` (exit 2)
  | 'network' // timeout, connection, TLS, an HTTP status other than 200: try again later (exit 3)
  | 'other'; // an unexpected body, anything else (exit 1)

export interface RowFailure {
  readonly kind: RowFailureKind;
  /** Plain words for the report: names the operation and the cause; never a password or token. */
  readonly message: string;
}

/** Thrown by a job that can say more about its row's failure than the underlying error. */
export class RowFailureError extends Error {
  override readonly name = 'RowFailureError';
  readonly kind: RowFailureKind;
  constructor(kind: RowFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export function rowFailureOf(error: unknown): RowFailure {
  if (error instanceof RowFailureError) return { kind: error.kind, message: error.message };
  if (isIntegraError(error)) {
    switch (error.kind) {
      case 'refused':
        return { kind: 'refused', message: error.message };
      // As the other integra commands (main/cli/exit-codes.ts): failing servers and proxies answer non-200.
      case 'timeout':
      case 'connection':
      case 'tls':
      case 'http-status':
      case 'aborted':
        return { kind: 'network', message: error.message };
      case 'bad-input':
      case 'not-signed-in':
        return { kind: 'invalid', message: error.message };
      default:
        return { kind: 'other', message: error.message };
    }
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The exit code for a run: bad input first (fix the file), then network (retry later), then the rest. */
export function exitCodeOf(failures: Readonly<Record<RowFailureKind, number>>): number {
  if (failures.invalid > 0) return 4;
  if (failures.network > 0) return 3;
  if (failures.other > 0) return 1;
  if (failures.refused > 0) return 2;
  return 0;
}
