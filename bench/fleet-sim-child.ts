// The simulator for bench/fleet-reconnect, in its own process so that its
// event loop is measured apart from the N phones': the default seed plus
// `--agents N` agents (fleet.1 …, phones 6001 …; all in the ready line),
// the default SIP extension, and a bench-only control route that reads this
// process's event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms
// resolution): GET /__sim/bench/event-loop → { p50Ms, p99Ms, maxMs, meanMs }
// since the last POST /__sim/bench/event-loop/reset, each the lag beyond the
// 10 ms the sampling timer asked for (the histogram records whole intervals).
// Prints the simulator's ready line; stops on SIGTERM/SIGINT.
// Usage (the bench spawns it): node --import tsx bench/fleet-sim-child.ts --agents 1000
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { SimulatorExtension } from '../simulator/extension';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator } from '../simulator/index';
import { loadSeed } from '../simulator/seed/load-seed';

const FIRST_PHONE = 6001;

const { values } = parseArgs({ options: { agents: { type: 'string', default: '20' }, port: { type: 'string', default: '0' } }, strict: true });
const agents = Number(values.agents);
if (!Number.isInteger(agents) || agents < 1 || agents > 2_000) throw new Error(`--agents must be 1 to 2000 (got ${values.agents})`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be 0 to 65535 (got ${values.port})`);

const seed = await loadSeed();
const dir = await mkdtemp(join(tmpdir(), 'fleet-seed-'));
const seedFile = join(dir, 'seed.json');
const fleet = Array.from({ length: agents }, (_, i) => {
  const phone = String(FIRST_PHONE + i);
  return { id: 10_000 + i, userName: `fleet.${i + 1}`, password: `Fleet-${phone}`, phone, fullname: `Fleet ${i + 1}`, email: '', did: '', limite: 0 };
});
await writeFile(seedFile, JSON.stringify({ ...seed, agents: [...seed.agents, ...fleet] }));

const RESOLUTION_MS = 10;
const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
lag.enable();
const ms = (ns: number): number => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
const eventLoop: SimulatorExtension = {
  name: 'bench-event-loop',
  async start(ctx) {
    ctx.control.route('GET', '/__sim/bench/event-loop', () => ({
      json: { p50Ms: ms(lag.percentile(50)), p99Ms: ms(lag.percentile(99)), maxMs: ms(lag.max), meanMs: ms(lag.mean) },
    }));
    ctx.control.route('POST', '/__sim/bench/event-loop/reset', () => {
      lag.reset();
      return { json: { reset: true } };
    });
    return {
      close: async () => {
        lag.disable();
      },
    };
  },
};

const sim = await startSimulator({ port, seedFile, extensions: [...defaultExtensions, eventLoop] });
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void sim
    .close()
    .then(() => rm(dir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`${JSON.stringify(sim.ready)}\n`);
