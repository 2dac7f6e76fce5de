// One variant of bench/fleet-reconnect at one size: N phones registered on
// the PBX (the simulator in a separate process, or Kamailio), optionally held
// registered for a while (the simulator's event loop measured meanwhile),
// then, per outage, the PBX taken away (fleet-pbx.ts) and brought back, and
// what the phones did in between and after. The phones may reach it through
// a front that accepts TCP while it is away (tcp-front.ts).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { clock, createFleetPhone, newCounters, type FleetAgent, type FleetPhone, type Variant } from './fleet-clients';
import { meanRate, peakInWindow, returnFigures } from './fleet-metrics';
import type { FleetPbx } from './fleet-pbx';
import { shedFigures } from './fleet-sheds';
import { round } from './stats';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** How long after the server is back the bench waits for every phone: past each stack's longest wait. */
const RETURN_DEADLINE_MS: Record<Variant, number> = { app: 30_000, jssip: 40_000, 'simple-user': 15_000 };
/** Phones started together, and the pause between groups (the first registration is not measured). */
const START_GROUP = 25;

export interface OutageRow {
  readonly kind: 'outage';
  readonly pbx: FleetPbx['name'];
  readonly front: string;
  readonly agents: number;
  readonly variant: Variant;
  readonly outageS: number;
  /** Which of the outages of this length (1 …). */
  readonly repeat: number;
  /** TCP and WebSocket attempts together (main's probes + the page's WebSockets) per phone per second, and in the busiest second. */
  readonly attemptsPerPhonePerS: number;
  readonly attemptPeakPerS: number;
  readonly wsAttempts: number;
  readonly wsPeakPerS: number;
  readonly wsMeanPerS: number;
  readonly probes: number;
  readonly probePeakPerS: number;
  readonly probeMeanPerS: number;
  /** Probes that got past TCP (a front, or the PBX starting): an HTTP upgrade went out. */
  readonly probeUpgrades: number;
  readonly registered: number;
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
  readonly maxMs: number | null;
  readonly regPeakPerS: number;
  /** From the server back to main's probe finding it (app phone): p50 / p95 of the schedule alone, null for the baselines. */
  readonly foundP50Ms: number | null;
  readonly foundP95Ms: number | null;
  /** The simulator's event-loop lag while down (the drop included), and from the server back to all registered; null on Kamailio. */
  readonly simLagDownMaxMs: number | null;
  readonly simLagMaxMs: number | null;
  readonly clientLagMaxMs: number;
  /** CPU this process (the N phones and their probers) used from the server back to all registered, ms. */
  readonly clientCpuReturnMs: number;
  /** REGISTERs refused with 503 after the return, and whether each phone waited its Retry-After before the next. */
  readonly sheds: number;
  readonly shedRetryTooSoon: number;
  readonly shedWaitMinMs: number | null;
  readonly shedWaitMaxMs: number | null;
  /** 1-minute load average at the end of the row. */
  readonly loadAverage: number;
}

export interface HoldRow {
  readonly kind: 'hold';
  readonly agents: number;
  readonly variant: Variant;
  readonly holdS: number;
  readonly boundOnSimulator: number | null;
  readonly simLagP50Ms: number;
  readonly simLagP99Ms: number;
  readonly simLagMaxMs: number;
  readonly clientRssMiB: number;
}

export interface VariantRun {
  readonly hold: HoldRow | null;
  readonly outages: OutageRow[];
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
  pbx: FleetPbx;
  /** How the phones reach it: 'none', or a front's mode. */
  front: string;
  variant: Variant;
  agents: readonly FleetAgent[];
  wsUrl: string;
  domain: string;
  /** Outage lengths, each run `repeat` times in a row. */
  outagesS: readonly number[];
  repeat: number;
  /** Seconds to hold the floor registered before the outages, measuring the simulator (0 = skip). */
  holdS: number;
  log: (line: string) => void;
}): Promise<VariantRun> {
  const { pbx, variant, agents, wsUrl } = opts;
  const counters = newCounters();
  const make = (a: FleetAgent): FleetPhone => createFleetPhone(variant, a, wsUrl, counters, opts.domain);
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
      await pbx.resetLag();
      await sleep(opts.holdS * 1_000);
      const lag = await pbx.lag();
      hold = {
        kind: 'hold', agents: agents.length, variant, holdS: opts.holdS, boundOnSimulator: await pbx.bound(phoneSet),
        simLagP50Ms: lag?.p50Ms ?? 0, simLagP99Ms: lag?.p99Ms ?? 0, simLagMaxMs: lag?.maxMs ?? 0, clientRssMiB: round(process.memoryUsage().rss / 2 ** 20, 0),
      };
      opts.log(`${variant} ×${agents.length}: held ${opts.holdS} s, ${String(hold.boundOnSimulator)} bound, simulator lag max ${lag?.maxMs ?? '-'} ms`);
    }
    const outages: OutageRow[] = [];
    const runs = opts.outagesS.flatMap((outageS) => Array.from({ length: opts.repeat }, (_, i) => ({ outageS, repeat: i + 1 })));
    for (const { outageS, repeat } of runs) {
      await pbx.resetLag();
      clientLag.reset();
      const pausedAt = clock();
      const shedsBefore = counters.sheds.length;
      await pbx.pause();
      await sleep(outageS * 1_000 - (clock() - pausedAt));
      const lagDown = await pbx.lag();
      await pbx.resetLag();
      // Attempts are counted while the PBX was surely down: it listens again before resume() returns, and a probe
      // begun in that moment got past TCP with the PBX back (the CI counted one such "upgrade during the outage").
      const resumingAt = clock();
      await pbx.resume();
      // From the moment it accepts again (Kamailio takes a moment to start).
      const backAt = clock();
      const cpuAtBack = process.cpuUsage();
      const deadline = backAt + RETURN_DEADLINE_MS[variant];
      while (clock() < deadline && !phones.every((p) => p.registeredAt.some((t) => t > backAt))) await sleep(50);
      const endAt = clock();
      const cpu = process.cpuUsage(cpuAtBack);
      const firstAfter = phones.map((p) => p.registeredAt.find((t) => t > backAt) ?? null);
      const figures = returnFigures(firstAfter, phones.flatMap((p) => p.registeredAt.filter((t) => t > backAt)), backAt, endAt);
      const found = returnFigures(phones.map((p) => p.reachableAt.find((t) => t > backAt) ?? null), [], backAt, endAt);
      const lag = await pbx.lag();
      const seconds = (resumingAt - pausedAt) / 1_000;
      const inOutage = (times: readonly number[]): number => times.filter((t) => t >= pausedAt && t < resumingAt).length;
      const attempts = [...counters.probes, ...counters.webSockets];
      const row: OutageRow = {
        kind: 'outage', pbx: pbx.name, front: opts.front, agents: agents.length, variant, outageS, repeat,
        attemptsPerPhonePerS: round(inOutage(attempts) / agents.length / seconds, 3),
        attemptPeakPerS: peakInWindow(attempts, pausedAt, resumingAt),
        wsAttempts: inOutage(counters.webSockets),
        wsPeakPerS: peakInWindow(counters.webSockets, pausedAt, resumingAt),
        wsMeanPerS: round(meanRate(counters.webSockets, pausedAt, resumingAt), 1),
        probes: inOutage(counters.probes),
        probePeakPerS: peakInWindow(counters.probes, pausedAt, resumingAt),
        probeMeanPerS: round(meanRate(counters.probes, pausedAt, resumingAt), 1),
        probeUpgrades: inOutage(counters.probeUpgrades),
        ...figures,
        regPeakPerS: figures.peakPerSecond,
        foundP50Ms: variant === 'app' ? found.p50Ms : null,
        foundP95Ms: variant === 'app' ? found.p95Ms : null,
        simLagDownMaxMs: lagDown?.maxMs ?? null,
        simLagMaxMs: lag?.maxMs ?? null,
        clientLagMaxMs: round(clientLag.max / 1e6, 0),
        clientCpuReturnMs: round((cpu.user + cpu.system) / 1_000, 0),
        ...shedFigures(counters.sheds.slice(shedsBefore)),
        loadAverage: round(loadavg()[0] ?? 0, 2),
      };
      outages.push(row);
      opts.log(`${variant} ×${agents.length} on ${pbx.name}${opts.front === 'none' ? '' : ` behind a front (${opts.front})`}, ${outageS} s #${repeat}: ${row.attemptsPerPhonePerS} attempts/phone/s, ${row.registered} back, p95 ${String(row.p95Ms)} ms (main's probe found it: p95 ${String(row.foundP95Ms)} ms), load ${row.loadAverage}`);
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
