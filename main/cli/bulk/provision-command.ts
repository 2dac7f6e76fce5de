import type { BulkCommandDefinition } from './bulk-command';
import { CONCURRENCY_FLAG_USAGE, CONNECTION_FLAGS_USAGE } from './bulk-options';
import { createProvisionTask, DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE } from './provision-task';
import type { ProvisionJob } from './provision-row';

export const provisionCommand: BulkCommandDefinition<ProvisionJob> = {
  name: 'provision',
  usage: `integra provision --csv agents.csv [flags]

Creates agents (Create Agent) and adds them to campaigns (Add Agent to
Campaign, many members per request) from a CSV file (UTF-8 or Windows-1252;
, or ; between cells) with the columns
  user, fullname, phone, password, campaigns   (campaigns: names separated by ;)

Flags:
  --csv <file>          the input (required); read as a stream
${CONCURRENCY_FLAG_USAGE}
  --batch-size <n>      queue members per Add Agent to Campaign request (default ${DEFAULT_BATCH_SIZE}, max ${MAX_BATCH_SIZE})
  --report <file>       CSV of the failed rows, without passwords (default <csv>.errors.csv)
  --state <file>        what earlier runs did, so a rerun sends only what is missing (default <csv>.state.jsonl)
${CONNECTION_FLAGS_USAGE}`,
  extraFlags: [{ name: 'batch-size', min: 1, max: MAX_BATCH_SIZE }],
  createTask: (client, options) => createProvisionTask(client, { batchSize: options.extra['batch-size'] ?? DEFAULT_BATCH_SIZE }),
};
