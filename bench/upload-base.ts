import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readChildResult } from './lib/child-result';
import { generateDialingList } from './lib/generate-csv';
import { machine } from './lib/machine';
import { emitResult, printTable, type Cell } from './lib/report';
import { spawnSimulator, spawnTs, type SimulatorProcess } from './lib/spawn-simulator';
import { MIB, round, toMiB } from './lib/stats';

// Upload Base memory and throughput: for lists of 10/100/200 MiB, our
// streaming client and a naive one (whole file → base64 string → form string
// → fetch), each in a fresh child process, against the simulator in its own
// process. Prints peak RSS over the idle baseline of the client and of the
// simulator. Target: the streaming client stays within +64 MiB at 200 MiB.
// Usage: npx tsx bench/upload-base.ts [--sizes 10,100,200]

const TARGET_MIB = 64;
const CAMPAIGN = 'Cobranzas->';

const childResult = z.object({
  mode: z.string(),
  records: z.number(),
  seconds: z.number(),
  cpuSeconds: z.number(),
  idleRss: z.number(),
  peakRss: z.number(),
  sampledPeakRss: z.number(),
  samples: z.number(),
});

const listsSchema = z.object({ lists: z.array(z.looseObject({ cant: z.number(), bytes: z.number().optional(), records: z.number().optional() })) });

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10,100,200' } } });
  const sizes = values.sizes.split(',').map(Number);
  if (sizes.some((s) => !Number.isFinite(s) || s <= 0 || s > 1024)) throw new Error('--sizes takes MiB values from 1 to 1024, comma-separated');
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
  emitResult('upload-base', machine());
  const sim = await spawnSimulator();
  const rows: Record<string, Cell>[] = [];
  try {
    for (const size of sizes) {
      const file = join(dir, `list-${size}MiB.csv`);
      const records = await generateDialingList(file, size * MIB);
      process.stderr.write(`upload-base: ${size} MiB list, ${records} records\n`);
      for (const mode of ['streaming', 'naive'] as const) {
        const row = await measure(sim, mode, file, size, records);
        emitResult('upload-base', row);
        rows.push(row);
      }
      await rm(file);
    }
  } finally {
    await sim.stop();
    await rm(dir, { recursive: true, force: true });
  }
  printTable('Upload Base: peak RSS over idle (MiB) and throughput', rows, [
    'sizeMiB', 'client', 'ok', 'seconds', 'MiBps', 'clientIdleMiB', 'clientPeakOverIdleMiB', 'sampledPeakOverIdleMiB', 'clientCpuSeconds', 'simPeakOverIdleMiB', 'simCpuSeconds',
  ]);
  const largest = rows.find((r) => r.client === 'streaming' && r.sizeMiB === Math.max(...sizes));
  if (largest !== undefined) {
    const over = Number(largest.clientPeakOverIdleMiB);
    process.stderr.write(`Target: streaming client at ${String(largest.sizeMiB)} MiB peaks ${over} MiB over idle (target ≤ ${TARGET_MIB} MiB): ${over <= TARGET_MIB ? 'met' : 'NOT met'}\n`);
  }
}

async function measure(sim: SimulatorProcess, mode: 'streaming' | 'naive', file: string, sizeMiB: number, records: number): Promise<Record<string, Cell>> {
  await sim.control('POST', '/reset');
  const simIdle = sim.memory().rssBytes;
  sim.resetPeakRss();
  const simCpuBefore = sim.cpuSeconds();
  const { user, password } = sim.ready.credentials.apiUser;
  const child = spawnTs('bench/upload-base-child.ts', [mode, file, sim.ready.baseUrl, user, password, CAMPAIGN], { nodeArgs: ['--expose-gc'] });
  let result: z.infer<typeof childResult> | undefined;
  let error = '';
  try {
    result = await readChildResult(child, childResult, 10 * 60_000);
  } catch (failure) {
    error = (failure instanceof Error ? failure.message : String(failure)).replace(/\s+/g, ' ').slice(0, 400);
  }
  const simPeak = sim.memory().peakRssBytes;
  const simCpu = sim.cpuSeconds() - simCpuBefore;
  const state = listsSchema.parse(await sim.control('GET', '/state'));
  const stored = state.lists.length === 1 && state.lists[0]?.cant === records;
  return {
    sizeMiB,
    client: mode,
    ok: result !== undefined && stored,
    records,
    seconds: result === undefined ? null : round(result.seconds),
    MiBps: result === undefined ? null : round(sizeMiB / result.seconds, 1),
    clientIdleMiB: result === undefined ? null : toMiB(result.idleRss),
    clientPeakOverIdleMiB: result === undefined ? null : toMiB(result.peakRss - result.idleRss),
    sampledPeakOverIdleMiB: result === undefined ? null : toMiB(result.sampledPeakRss - result.idleRss),
    clientCpuSeconds: result === undefined ? null : round(result.cpuSeconds),
    simIdleMiB: toMiB(simIdle),
    simPeakOverIdleMiB: toMiB(simPeak - simIdle),
    simCpuSeconds: round(simCpu),
    error: error === '' ? null : error,
  };
}

await main();
