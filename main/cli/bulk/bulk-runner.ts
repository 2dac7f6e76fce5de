import pLimit from 'p-limit';
import { forEachBounded } from './bounded-pool';
import { countCsvRecords, readCsvHeader, readCsvRecords, type CsvRecord } from './csv-records';
import { sniffCsvFile, type CsvShape } from './csv-sniff';
import { openErrorReport } from './error-report';
import { createProgress, type ProgressStream } from './progress';
import { rowFailureOf, type RowFailure, type RowFailureKind } from './row-failure';
import { openStateFile, type StateFile } from './state-file';

// The generic bulk runner: CSV rows are streamed in, each validated into a job,
// jobs run with bounded concurrency, progress goes to stderr, failed rows go to
// the error report, and a summary comes back. The tasks (provision,
// dialer-tasks) only say how a row becomes a job and how a job is sent.

export interface RowOutcome {
  /** `ok`: sent now; `existing`: the platform already had it; `skipped`: an earlier run did it. */
  readonly status: 'ok' | 'existing' | 'skipped';
}

export type ParsedRow<J> = { readonly ok: true; readonly job: J } | { readonly ok: false; readonly problem: string };

export interface JobContext {
  readonly state: StateFile;
  /** Identifies the instance in state keys (its base URL). */
  readonly instance: string;
  /** Runs one request under the run's concurrency limit. */
  request<T>(send: () => Promise<T>): Promise<T>;
}

export interface BulkTask<J> {
  readonly command: string;
  readonly requiredColumns: readonly string[];
  readonly optionalColumns: readonly string[];
  /** Validates one row into a job (zod inside); the problem names the column and never echoes a password. */
  parseRow(cells: Readonly<Record<string, string>>): ParsedRow<J>;
  /** True when the state file shows every step of this job done: the row is skipped without a request. */
  alreadyDone(job: J, context: JobContext): boolean;
  run(job: J, context: JobContext): Promise<RowOutcome>;
  /** The input is exhausted: send whatever is still held for a batch. */
  flush?(): void;
  /** Rows in flight at once (default: the concurrency); batching tasks need more than a batch. */
  rowsInFlight?(concurrency: number): number;
}

export interface BulkRunOptions {
  readonly csvPath: string;
  readonly delimiter?: string;
  readonly concurrency: number;
  readonly reportPath: string;
  readonly statePath: string;
  readonly dryRun: boolean;
  readonly instance: string;
  readonly progressStream: ProgressStream;
  /** Stop reading new rows after this many network failures in a row (the platform is likely unreachable). */
  readonly maxConsecutiveNetworkFailures?: number;
  /** Set to stop reading new rows (Ctrl-C); rows in flight still finish. */
  readonly stop?: AbortSignal;
  readonly now?: () => number;
}

export interface BulkSummary {
  readonly command: string;
  readonly dryRun: boolean;
  readonly csv: string;
  readonly total: number;
  /** Dry run: rows that are valid and would be sent. */
  readonly ok: number;
  readonly existing: number;
  readonly skipped: number;
  readonly failed: number;
  readonly failures: Readonly<Record<RowFailureKind, number>>;
  /** Rows never tried because the run stopped early. */
  readonly notAttempted: number;
  readonly stoppedEarly?: string;
  readonly durationMs: number;
  readonly report: string;
  readonly state: string;
}

export class BulkInputError extends Error {
  override readonly name = 'BulkInputError';
}

export const MAX_CONCURRENCY = 32;

/**
 * Looks at the file (binary refused, encoding, delimiter unless given), reads
 * the header and checks the task's columns are there; a BulkInputError or
 * CsvFileError otherwise, before anything is sent.
 */
export async function checkCsvFile(
  task: Pick<BulkTask<unknown>, 'command' | 'requiredColumns' | 'optionalColumns'>,
  csvPath: string,
  delimiter?: string,
): Promise<{ header: string[]; shape: CsvShape }> {
  const shape = await sniffCsvFile(csvPath, delimiter);
  const header = await readCsvHeader(csvPath, shape);
  const missing = task.requiredColumns.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    const seen = header.length === 1 ? ` (the header reads as one column: is the delimiter ${JSON.stringify(shape.delimiter)} right? --delimiter sets it)` : '';
    throw new BulkInputError(`${task.command}: the CSV file lacks the column(s) ${missing.join(', ')}${seen}. Its header must name ${[...task.requiredColumns, ...task.optionalColumns].join(', ')}; nothing was sent.`);
  }
  return { header, shape };
}

export async function runBulk<J>(task: BulkTask<J>, options: BulkRunOptions): Promise<BulkSummary> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const { header, shape: csvOptions } = await checkCsvFile(task, options.csvPath, options.delimiter);
  const total = await countCsvRecords(options.csvPath, csvOptions);
  const state = await openStateFile(options.statePath, { readOnly: options.dryRun });
  const report = openErrorReport(options.reportPath, header);
  const progress = createProgress({ stream: options.progressStream, label: task.command, unit: 'rows', total, now });
  const limit = pLimit(options.concurrency);
  const context: JobContext = { state, instance: options.instance, request: (send) => limit(send) };
  const counts = { ok: 0, existing: 0, skipped: 0 };
  const failures: Record<RowFailureKind, number> = { invalid: 0, refused: 0, network: 0, other: 0 };
  const maxNetwork = options.maxConsecutiveNetworkFailures ?? 10;
  let consecutiveNetwork = 0;
  let stoppedEarly: string | undefined;
  let done = 0;

  const failedCount = (): number => failures.invalid + failures.refused + failures.network + failures.other;
  const settle = (record: CsvRecord, result: RowOutcome | RowFailure): void => {
    done += 1;
    if ('kind' in result) {
      failures[result.kind] += 1;
      report.add(record.row, record.line, record.cells, result);
      consecutiveNetwork = result.kind === 'network' ? consecutiveNetwork + 1 : 0;
      if (consecutiveNetwork >= maxNetwork && stoppedEarly === undefined) {
        stoppedEarly = `${maxNetwork} network failures in a row: the platform looks unreachable, so no further rows were sent. Check the connection and run the same command again; finished rows are skipped.`;
      }
    } else {
      counts[result.status] += 1;
      consecutiveNetwork = 0;
    }
    progress.update(done, failedCount());
  };

  const handle = async (record: CsvRecord): Promise<void> => {
    if (record.cellCountMismatch !== undefined) {
      const { expected, actual } = record.cellCountMismatch;
      settle(record, { kind: 'invalid', message: `the row has ${actual} cells but the header names ${expected} columns; quote cells that contain the delimiter` });
      return;
    }
    const parsed = task.parseRow(record.cells);
    if (!parsed.ok) {
      settle(record, { kind: 'invalid', message: parsed.problem });
      return;
    }
    if (task.alreadyDone(parsed.job, context)) {
      settle(record, { status: 'skipped' });
      return;
    }
    if (options.dryRun) {
      settle(record, { status: 'ok' });
      return;
    }
    try {
      settle(record, await task.run(parsed.job, context));
    } catch (error) {
      settle(record, rowFailureOf(error));
    }
  };

  let csvError: unknown;
  try {
    await forEachBounded(readCsvRecords(options.csvPath, csvOptions), handle, {
      limit: Math.max(1, task.rowsInFlight?.(options.concurrency) ?? options.concurrency),
      shouldStop: () => stoppedEarly !== undefined || options.stop?.aborted === true,
      onSourceDone: () => task.flush?.(),
    });
  } catch (error) {
    csvError = error;
  } finally {
    progress.finish();
    await state.close();
    await report.close();
  }
  if (csvError !== undefined) throw csvError;
  if (stoppedEarly === undefined && options.stop?.aborted === true) stoppedEarly = 'interrupted: no further rows were sent. Run the same command again to continue; finished rows are skipped.';
  const failed = failedCount();
  return {
    command: task.command,
    dryRun: options.dryRun,
    csv: options.csvPath,
    total,
    ...counts,
    failed,
    failures,
    notAttempted: Math.max(0, total - done),
    ...(stoppedEarly === undefined ? {} : { stoppedEarly }),
    durationMs: Math.round(now() - started),
    report: report.path,
    state: state.path,
  };
}
