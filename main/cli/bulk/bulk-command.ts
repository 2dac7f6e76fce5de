import { createIntegraClient, type IntegraClient } from '../../api/index';
import { BulkInputError, checkCsvFile, runBulk, type BulkSummary, type BulkTask } from './bulk-runner';
import { parseBulkOptions, type BulkOptions, type ExtraIntFlag } from './bulk-options';
import { CsvFileError } from './csv-records';
import { formatCount, type ProgressStream } from './progress';
import { exitCodeOf, rowFailureOf } from './row-failure';

// One bulk command end to end: flags → sign in (not in a dry run) → run the
// rows → summary JSON on stdout, a readable line and progress on stderr →
// exit code (0 all done, 2 rows refused, 3 network, 4 bad input, 1 other).

export interface BulkIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: ProgressStream;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What the bulk tasks may call; a dry run gets a client that refuses every call. */
export type BulkClient = Pick<IntegraClient, 'createAgent' | 'addAgentsToCampaigns' | 'addRecordToDialer'>;

export interface BulkCommandDefinition<J> {
  readonly name: string;
  readonly usage: string;
  readonly extraFlags?: readonly ExtraIntFlag[];
  createTask(client: BulkClient, options: BulkOptions): BulkTask<J>;
}

const dryRunClient: BulkClient = {
  createAgent: () => Promise.reject(new Error('a dry run sends nothing')),
  addAgentsToCampaigns: () => Promise.reject(new Error('a dry run sends nothing')),
  addRecordToDialer: () => Promise.reject(new Error('a dry run sends nothing')),
};

export async function runBulkCommand<J>(definition: BulkCommandDefinition<J>, argv: readonly string[], io: BulkIo): Promise<number> {
  const parsed = parseBulkOptions(argv, io.env, definition.extraFlags);
  if (parsed.ok === 'help') {
    io.stdout.write(`${definition.usage}\n`);
    return 0;
  }
  if (!parsed.ok) {
    io.stderr.write(`${definition.name}: ${parsed.problem}. Run with --help for the flags.\n`);
    return 4;
  }
  const { options } = parsed;
  let client: IntegraClient | undefined;
  const stop = new AbortController();
  const onSigint = (): void => {
    if (stop.signal.aborted) process.exit(130);
    io.stderr.write(`\n${definition.name}: stopping after the rows in flight (Ctrl-C again to quit at once)\n`);
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    // Signed in below, after the file's header is checked: a wrong file sends nothing at all.
    const live: BulkClient = {
      createAgent: (...args) => (client ?? dryRunClient).createAgent(...args),
      addAgentsToCampaigns: (...args) => (client ?? dryRunClient).addAgentsToCampaigns(...args),
      addRecordToDialer: (...args) => (client ?? dryRunClient).addRecordToDialer(...args),
    };
    const task = definition.createTask(live, options);
    await checkCsvFile(task, options.csv, options.delimiter);
    if (options.connection !== undefined) {
      const { baseUrl, ca, timeoutMs, user, password } = options.connection;
      client = createIntegraClient({ baseUrl, connections: options.concurrency, ...(ca === undefined ? {} : { ca }), ...(timeoutMs === undefined ? {} : { timeoutMs }) });
      try {
        await client.clientAuthenticate({ user, password });
      } catch (error) {
        const failure = rowFailureOf(error);
        io.stderr.write(`${definition.name}: cannot sign in as ${user}: ${failure.message}\n`);
        return exitCodeOf({ invalid: 0, refused: 0, network: 0, other: 0, [failure.kind]: 1 });
      }
    }
    const summary = await runBulk(task, {
      csvPath: options.csv,
      ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }),
      concurrency: options.concurrency,
      reportPath: options.report,
      statePath: options.state,
      dryRun: options.dryRun,
      instance: options.baseUrl,
      progressStream: io.stderr,
      stop: stop.signal,
    });
    io.stdout.write(`${JSON.stringify(summary)}\n`);
    io.stderr.write(`${describeSummary(summary)}\n`);
    return exitCodeOf(summary.failures);
  } catch (error) {
    if (error instanceof BulkInputError || error instanceof CsvFileError) {
      io.stderr.write(`${error.message}\n`);
      return 4;
    }
    io.stderr.write(`${definition.name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    await client?.close();
  }
}

export function describeSummary(summary: BulkSummary): string {
  const verb = summary.dryRun ? 'dry run, nothing sent: ' : '';
  const n = formatCount;
  const sent = summary.dryRun ? `${n(summary.ok)} valid` : `${n(summary.ok)} done`;
  const parts = [`${sent}`, `${n(summary.existing)} existing`, `${n(summary.skipped)} already done earlier`, `${n(summary.failed)} failed`];
  if (summary.notAttempted > 0) parts.push(`${n(summary.notAttempted)} not attempted`);
  const report = summary.failed > 0 ? ` Failed rows: ${summary.report}.` : '';
  const stopped = summary.stoppedEarly === undefined ? '' : ` Stopped early: ${summary.stoppedEarly}`;
  return `${summary.command}: ${verb}${parts.join(', ')} of ${n(summary.total)} rows in ${(summary.durationMs / 1000).toFixed(1)} s.${report}${stopped}`;
}
