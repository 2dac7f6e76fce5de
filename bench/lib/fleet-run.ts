// One variant of bench/fleet-reconnect at one size: N phones registered on
// the simulator (a separate process), optionally held registered for a while
// (the simulator's event loop measured meanwhile), then, per outage length,
// the simulator's SIP side paused (every WebSocket dropped, connections
// refused) and resumed, and what the phones did in between and after.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import { clock, createFleetPhone, type FleetAgent, type FleetCounters, type FleetPhone, type Variant } from './fleet-clients';
import { meanRate, peakInWindow, returnFigures } from './fleet-metrics';
import type { SimulatorProcess } from './spawn-simulator';
import { round } from './stats';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const lagSchema = z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number(), meanMs: z.number() });
export type EventLoopLag = z.infer<typeof lagSchema>;

/** How long after the server is back the bench waits for every phone: past each stack's longest wait. */
const RETURN_DEADLINE_MS: Record<Variant, number> = { app: 20_000, jssip: 40_000, 'simple-user': 15_000 };
/** Phones started together, and the pause between groups (the first registration is not measured). */
const START_GROUP = 25;

export interface OutageRow {
  readonly kind: 'outage';
  readonly agents: number;
  readonly variant: Variant;
  readonly outageS: number;
  readonly wsAttempts: number;
  readonly wsPeakPerS: number;
  readonly wsMeanPerS: number;
  readonly probes: number;
  readonly probePeakPerS: number;
  readonly probeMeanPerS: number;
  readonly registered: number;
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
  readonly maxMs: number | null;
  readonly regPeakPerS: number;
  /** The simulator's event-loop lag while down (the drop included), and from the server back to all registered. */
  readonly simLagDownMaxMs: number;
  readonly simLagMaxMs: number;
  readonly clientLagMaxMs: number;
}

export interface HoldRow {
  readonly kind: 'hold';
  readonly agents: number;
  readonly variant: Variant;
  readonly holdS: number;
  readonly boundOnSimulator: number;
  readonly simLagP50Ms: number;
  readonly simLagP99Ms: number;
  readonly simLagMaxMs: number;
  readonly clientRssMiB: number;
}

export interface VariantRun {
  readonly hold: HoldRow | null;
  readonly outages: OutageRow[];
}

async function simLag(sim: SimulatorProcess): Promise<EventLoopLag> {
  return lagSchema.parse(await sim.control('GET', '/bench/event-loop'));
}

async function boundPhones(sim: SimulatorProcess, phones: ReadonlySet<string>): Promise<number> {
  const bindings = z.array(z.object({ phone: z.string() })).parse(await sim.control('GET', '/sip/registrations'));
  return new Set(bindings.map((b) => b.phone).filter((p) => phones.has(p))).size;
}

async function startAll(phones: readonly FleetPhone[]): Promise<void> {
  for (let i = 0; i < phones.length; i += START_GROUP) {
    await Promise.all(phones.slice(i, i + START_GROUP).map((p) => p.start().catch(() => undefined)));
    await sleep(50);
  }
}

async function untilAllRegistered(phones: readonly FleetPhone[], timeoutMs: number): Promise<boolean> {
  const deadline = clock() + timeoutMs;
  while (clock() < deadline) {
    if (phones.every((p) => p.registered())) return true;
    await sleep(100);
  }
  return false;
}

export async function runVariant(opts: {
  sim: SimulatorProcess;
  variant: Variant;
  agents: readonly FleetAgent[];
  wsUrl: string;
  outagesS: readonly number[];
  /** Seconds to hold the floor registered before the outages, measuring the simulator (0 = skip). */
  holdS: number;
  log: (line: string) => void;
}): Promise<VariantRun> {
  const { sim, variant, agents, wsUrl } = opts;
  const counters: FleetCounters = { webSockets: [], probes: [] };
  const make = (a: FleetAgent): FleetPhone => createFleetPhone(variant, a, wsUrl, counters);
  const phones = agents.map(make);
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  try {
    await startAll(phones);
    if (!(await untilAllRegistered(phones, 30_000 + agents.length * 30))) {
      throw new Error(`${variant}: only ${phones.filter((p) => p.registered()).length} of ${agents.length} phones registered at the start`);
    }
    let hold: HoldRow | null = null;
    const phoneSet = new Set(agents.map((a) => a.phone));
    if (opts.holdS > 0) {
      await sim.control('POST', '/bench/event-loop/reset');
      await sleep(opts.holdS * 1_000);
      const lag = await simLag(sim);
      hold = {
        kind: 'hold', agents: agents.length, variant, holdS: opts.holdS, boundOnSimulator: await boundPhones(sim, phoneSet),
        simLagP50Ms: lag.p50Ms, simLagP99Ms: lag.p99Ms, simLagMaxMs: lag.maxMs, clientRssMiB: round(process.memoryUsage().rss / 2 ** 20, 0),
      };
      opts.log(`${variant} ×${agents.length}: held ${opts.holdS} s, ${hold.boundOnSimulator} bound, simulator lag max ${lag.maxMs} ms`);
    }
    const outages: OutageRow[] = [];
    for (const outageS of opts.outagesS) {
      await sim.control('POST', '/bench/event-loop/reset');
      clientLag.reset();
      const pausedAt = clock();
      await sim.control('POST', '/sip/pause');
      await sleep(outageS * 1_000 - (clock() - pausedAt));
      const lagDown = await simLag(sim);
      await sim.control('POST', '/bench/event-loop/reset');
      const backAt = clock();
      await sim.control('POST', '/sip/resume');
      const deadline = backAt + RETURN_DEADLINE_MS[variant];
      while (clock() < deadline && !phones.every((p) => p.registeredAt.some((t) => t > backAt))) await sleep(50);
      const endAt = clock();
      const firstAfter = phones.map((p) => p.registeredAt.find((t) => t > backAt) ?? null);
      const figures = returnFigures(firstAfter, phones.flatMap((p) => p.registeredAt.filter((t) => t > backAt)), backAt, endAt);
      const lag = await simLag(sim);
      const row: OutageRow = {
        kind: 'outage', agents: agents.length, variant, outageS,
        wsAttempts: counters.webSockets.filter((t) => t >= pausedAt && t < backAt).length,
        wsPeakPerS: peakInWindow(counters.webSockets, pausedAt, backAt),
        wsMeanPerS: round(meanRate(counters.webSockets, pausedAt, backAt), 1),
        probes: counters.probes.filter((t) => t >= pausedAt && t < backAt).length,
        probePeakPerS: peakInWindow(counters.probes, pausedAt, backAt),
        probeMeanPerS: round(meanRate(counters.probes, pausedAt, backAt), 1),
        ...figures,
        regPeakPerS: figures.peakPerSecond,
        simLagDownMaxMs: lagDown.maxMs,
        simLagMaxMs: lag.maxMs,
        clientLagMaxMs: round(clientLag.max / 1e6, 0),
      };
      outages.push(row);
      opts.log(`${variant} ×${agents.length}, ${outageS} s: ${row.wsAttempts} WebSockets, ${row.registered} back, p95 ${String(row.p95Ms)} ms`);
      // A stack that gave up (SimpleUser) is started again, so that every outage begins with the whole floor registered.
      for (const [i, p] of phones.entries()) {
        if (p.registered()) continue;
        await p.stop();
        const agent = agents[i];
        if (agent) phones[i] = make(agent);
      }
      await startAll(phones.filter((p) => !p.registered()));
      if (!(await untilAllRegistered(phones, 30_000))) throw new Error(`${variant}: the floor did not register again after the ${outageS} s outage`);
      await sleep(3_000);
    }
    return { hold, outages };
  } finally {
    clientLag.disable();
    for (let i = 0; i < phones.length; i += 100) await Promise.all(phones.slice(i, i + 100).map((p) => p.stop().catch(() => undefined)));
  }
}
