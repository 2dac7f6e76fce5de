import { createIntegraClient } from '../main/api/index';
import { runBulk } from '../main/cli/bulk/bulk-runner';
import { createProvisionTask, type ProvisionClient } from '../main/cli/bulk/provision-task';
import { readCsvRecords } from '../main/cli/bulk/csv-records';
import { parseProvisionRow } from '../main/cli/bulk/provision-row';
import { queueMember } from '../common/domain';
import { printChildResult } from './lib/child-result';
import { distribution } from './lib/stats';

// One provisioning run in a fresh process. `runner` = our bulk runner (bounded
// concurrency, batched memberships); `sequential` = the plain script a person
// would write: for each row, Create Agent, then Add Agent to Campaign with that
// agent's campaigns, one request at a time. Every request is timed.
// argv: <runner|sequential> <csv> <baseUrl> <user> <password> <concurrency> <batchSize> <workDir>

const [mode, csv, baseUrl, user, password, concurrencyText, batchText, workDir] = process.argv.slice(2);
if (mode === undefined || csv === undefined || baseUrl === undefined || user === undefined || password === undefined || workDir === undefined) {
  throw new Error('usage: provision-child <runner|sequential> <csv> <baseUrl> <user> <password> <concurrency> <batchSize> <workDir>');
}
const concurrency = Number(concurrencyText ?? '8');
const batchSize = Number(batchText ?? '100');

const client = createIntegraClient({ baseUrl, connections: Math.max(1, concurrency) });
await client.clientAuthenticate({ user, password });
const latencies: number[] = [];
let requests = 0;
const timed = async (send: () => Promise<void>): Promise<void> => {
  const started = performance.now();
  requests += 1;
  try {
    await send();
  } finally {
    latencies.push(performance.now() - started);
  }
};
const measured: ProvisionClient = {
  createAgent: (input, options) => timed(() => client.createAgent(input, options)),
  addAgentsToCampaigns: (members, options) => timed(() => client.addAgentsToCampaigns(members, options)),
};

const cpuBefore = process.cpuUsage();
const started = performance.now();
let ok = 0;
let failed = 0;
if (mode === 'sequential') {
  for await (const record of readCsvRecords(csv)) {
    const row = parseProvisionRow(record.cells);
    if (!row.ok) throw new Error(`row ${record.row}: ${row.problem}`);
    try {
      await measured.createAgent(row.job.agent);
      await measured.addAgentsToCampaigns(row.job.campaigns.map((c) => queueMember(row.job.agent.userName, row.job.agent.phoneNumber, c)));
      ok += 1;
    } catch {
      failed += 1;
    }
  }
} else {
  const summary = await runBulk(createProvisionTask(measured, { batchSize }), {
    csvPath: csv,
    concurrency,
    reportPath: `${workDir}/report-${process.pid}.csv`,
    statePath: `${workDir}/state-${process.pid}.jsonl`,
    dryRun: false,
    instance: baseUrl,
    progressStream: { write: () => true, isTTY: false },
  });
  ok = summary.ok;
  failed = summary.failed;
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await client.close();
const latency = distribution(latencies);
printChildResult({ mode, ok, failed, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, requests, latencyP50: latency.p50, latencyP99: latency.p99 });
