import type { BulkCommandDefinition } from './bulk-command';
import { DEFAULT_CONCURRENCY } from './bulk-options';
import { MAX_CONCURRENCY } from './bulk-runner';
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
  --concurrency <n>     requests in flight, 1-${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})
  --batch-size <n>      queue members per Add Agent to Campaign request (default ${DEFAULT_BATCH_SIZE}, max ${MAX_BATCH_SIZE})
  --report <file>       CSV of the failed rows, without passwords (default <csv>.errors.csv)
  --state <file>        what earlier runs did, so a rerun sends only what is missing (default <csv>.state.jsonl)
  --dry-run             validate the rows only; nothing is sent
  --delimiter <c>       the CSV delimiter (default: detected from the header line)
  --base-url <url>      the instance (or INTEGRA_BASE_URL); a dry run may leave it out
  --user, --password    the API user (or INTEGRA_USER, INTEGRA_PASSWORD)
  --ca-file <pem>       trust this CA certificate as well (or INTEGRA_CA_FILE)
  --timeout <ms>        per-request timeout in milliseconds

Prints a JSON summary on stdout. Exit codes: 0 all rows done, 2 the platform
refused some rows, 3 network trouble, 4 bad input, 1 anything else.`,
  extraFlags: [{ name: 'batch-size', min: 1, max: MAX_BATCH_SIZE }],
  createTask: (client, options) => createProvisionTask(client, { batchSize: options.extra['batch-size'] ?? DEFAULT_BATCH_SIZE }),
};
