import type { BulkCommandDefinition } from './bulk-command';
import { CONCURRENCY_FLAG_USAGE, CONNECTION_FLAGS_USAGE } from './bulk-options';
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
${CONCURRENCY_FLAG_USAGE}
  --report <file>       CSV of the failed rows (default <csv>.errors.csv)
  --state <file>        records queued by earlier runs, not sent again (default <csv>.state.jsonl)
${CONNECTION_FLAGS_USAGE}`,
  createTask: (client) => createDialerTasksTask(client),
};
