import type { BulkCommandDefinition } from './bulk-command';
import { DEFAULT_CONCURRENCY } from './bulk-options';
import { MAX_CONCURRENCY } from './bulk-runner';
import { createDialerTasksTask, type QueuedJob } from './dialer-tasks-task';

export const dialerTasksCommand: BulkCommandDefinition<QueuedJob> = {
  name: 'dialer-tasks',
  usage: `integra dialer-tasks --csv records.csv [flags]

Queues one record per row with Add Record to Dialer. Columns (campaign and
destination required, the others may be left out or empty):
  campaign, destination, alternatives, agent, data, calldate, source, bulk, automatic
  data: key=value pairs separated by ;    calldate: YYYY-MM-DD hh:mm:ss, empty = now
  bulk, automatic: true/false (1/0, yes/no); their meaning is not documented by the platform

Flags:
  --csv <file>          the input (required); read as a stream
  --concurrency <n>     requests in flight, 1-${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})
  --report <file>       CSV of the failed rows (default <csv>.errors.csv)
  --state <file>        records queued by earlier runs, not sent again (default <csv>.state.jsonl)
  --dry-run             validate the rows only; nothing is sent
  --delimiter <c>       the CSV delimiter (default: detected from the header line)
  --base-url <url>      the instance (or INTEGRA_BASE_URL); a dry run may leave it out
  --user, --password    the API user (or INTEGRA_USER, INTEGRA_PASSWORD)
  --ca-file <pem>       trust this CA certificate as well (or INTEGRA_CA_FILE)
  --timeout <ms>        per-request timeout in milliseconds

Prints a JSON summary on stdout. Exit codes: 0 all rows done, 2 the platform
refused some rows, 3 network trouble, 4 bad input, 1 anything else.`,
  createTask: (client) => createDialerTasksTask(client),
};
