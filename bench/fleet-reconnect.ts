// bench/fleet-reconnect: a floor of N phones against one PBX that goes away
// and comes back. The PBX is the simulator in its own process
// (bench/fleet-sim-child.ts, N agents seeded; its event-loop lag measured) or
// Debian's Kamailio as the interop tier runs it (test/interop/kamailio/: a
// WS registrar with digest, stopped by pid and started again, optionally
// shedding REGISTERs past a rate with 503 + Retry-After). The phones may
// reach it through a front in a process of its own that accepts TCP while it is away (--front close:
// accept and close; --front 503: answer HTTP 503). This process runs N real
// SIP stacks over the `ws` package (bench/lib/fleet-clients.ts): the app's
// own Phone with main's prober of the SIP service, and as baselines JsSIP's
// UA and sip.js's SimpleUser with their own reconnection. Per outage:
// attempts (main's TCP connects and the page's WebSockets, apart and
// together) per phone per second and in the busiest second, the return
// (server back → each phone's 200 to REGISTER: p50/p95/max, busiest second),
// 503s honoured, the load average. Each outage length `--repeat` times.
// Usage: npx tsx bench/fleet-reconnect.ts [--agents 200,500,1000] [--outages 5,20,60] [--repeat 1]
//        [--variants app,jssip,simple-user] [--hold 15] [--pbx simulator|kamailio] [--front none|close|503]
//        [--shed 0] [--retry-after 3]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { installFastSipGrammar } from '../simulator/sip/fast-grammar';
import { startKamailio } from '../test/interop/kamailio/kamailio-server';
import { ha1, VARIANTS, VARIANT_NOTES, type FleetAgent, type Variant } from './lib/fleet-clients';
import { kamailioPbx, simulatorPbx, type FleetPbx } from './lib/fleet-pbx';
import { runVariant, type HoldRow, type OutageRow } from './lib/fleet-run';
import { machine } from './lib/machine';
import { emitResult, printTable, type Cell } from './lib/report';
import { spawnSimulator } from './lib/spawn-simulator';
import { startTcpFrontProcess, type TcpFront } from './lib/tcp-front';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '200,500,1000' },
    outages: { type: 'string', default: '5,20,60' },
    repeat: { type: 'string', default: '1' },
    variants: { type: 'string', default: VARIANTS.join(',') },
    hold: { type: 'string', default: '15' },
    pbx: { type: 'string', default: 'simulator' },
    front: { type: 'string', default: 'none' },
    shed: { type: 'string', default: '0' },
    'retry-after': { type: 'string', default: '3' },
  },
  strict: true,
});
const list = (text: string, name: string, min: number, max: number): number[] => {
  const numbers = text.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < min || n > max)) throw new Error(`--${name}: whole numbers from ${min} to ${max}, comma-separated (got ${text})`);
  return numbers;
};
const one = (text: string, name: string, min: number, max: number): number => list(text, name, min, max)[0] ?? min;
const SIZES = list(values.agents, 'agents', 1, 2_000);
const OUTAGES = list(values.outages, 'outages', 1, 120);
const REPEAT = one(values.repeat, 'repeat', 1, 5);
const HOLD_S = one(values.hold, 'hold', 0, 120);
const SHED = one(values.shed, 'shed', 0, 100_000);
const RETRY_AFTER_S = one(values['retry-after'], 'retry-after', 0, 60);
const CHOSEN = values.variants.split(',').map((v) => {
  if (!(VARIANTS as readonly string[]).includes(v)) throw new Error(`--variants: ${VARIANTS.join(', ')} (got ${v})`);
  return v as Variant;
});
if (values.pbx !== 'simulator' && values.pbx !== 'kamailio') throw new Error(`--pbx: simulator or kamailio (got ${values.pbx})`);
const FRONT = values.front;
if (FRONT !== 'none' && FRONT !== 'close' && FRONT !== '503') throw new Error(`--front: none, close or 503 (got ${FRONT})`);
if (SHED > 0 && values.pbx !== 'kamailio') throw new Error('--shed needs --pbx kamailio (the simulator does not shed)');

/** The issue's targets (issue 23): attempts are main's TCP connects and the page's WebSockets together. */
const TARGETS = { attemptsShortPerPhonePerS: 0.5, attemptsLongPerPhonePerS: 0.2, peakShare: 0.5, returnP95ShortMs: 3_000, returnP95LongMs: 6_000, returnP95FrontMs: 5_000 } as const;
const attemptTarget = (outageS: number): number => (outageS >= 60 ? TARGETS.attemptsLongPerPhonePerS : TARGETS.attemptsShortPerPhonePerS);
const returnTarget = (outageS: number): number => (outageS >= 60 ? TARGETS.returnP95LongMs : FRONT !== 'none' ? TARGETS.returnP95FrontMs : TARGETS.returnP95ShortMs);

const log = (line: string): void => void process.stderr.write(`fleet-reconnect: ${line}\n`);
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const FIRST_PHONE = 6001;
const largest = Math.max(...SIZES);

interface Target {
  readonly pbx: FleetPbx;
  readonly wsUrl: string;
  readonly domain: string;
  readonly fleet: FleetAgent[];
  stop(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  if (values.pbx === 'simulator') {
    const sim = await spawnSimulator(['--agents', String(largest)], 60_000, 'bench/fleet-sim-child.ts');
    const wsUrl = (sim.ready as { sip?: { ws?: string } }).sip?.ws;
    if (!wsUrl) throw new Error('the simulator announced no SIP WebSocket address');
    const fleet = sim.ready.credentials.agents.filter((a) => a.agent.startsWith('fleet.'));
    log(`simulator pid ${sim.pid}, ${fleet.length} agents, SIP at ${wsUrl}`);
    return { pbx: simulatorPbx(sim), wsUrl, domain: '127.0.0.1', fleet, stop: () => sim.stop() };
  }
  // The same agents as the simulator child seeds (fleet.N, phone 6000+N, password Fleet-<phone>).
  const fleet = Array.from({ length: largest }, (_, i) => ({ agent: `fleet.${i + 1}`, phone: String(FIRST_PHONE + i), password: `Fleet-${FIRST_PHONE + i}` }));
  const users = [...fleet.map((a) => ({ user: a.phone, ha1: ha1(a.phone, a.password) })), { user: 'platform', ha1: ha1('platform', 'unused') }];
  const kamailio = await startKamailio({
    realm: 'asterisk', users, callerUser: 'platform',
    floor: { maxConnections: 4 * largest + 1_024, sharedMemoryMb: 256, privateMemoryMb: 64 },
    ...(SHED > 0 ? { shed: { registersPerSecond: SHED, retryAfterS: RETRY_AFTER_S } } : {}),
  });
  log(`Kamailio pid ${kamailio.pid()}, ${fleet.length} users, SIP at ${kamailio.wsUrl}${SHED > 0 ? `, shedding REGISTERs past ${SHED}/s with 503 Retry-After: ${RETRY_AFTER_S}` : ''}`);
  return { pbx: kamailioPbx(kamailio), wsUrl: kamailio.wsUrl, domain: kamailio.domain, fleet, stop: () => kamailio.stop() };
}

// Each agent's phone parses only its own messages on its own computer; here N of them share this process, and
// sip.js's grammar (its table decoded on every parse) made this process the bottleneck of the return, not the schedule.
log(`sip.js grammar decoded once in this process too: ${String(await installFastSipGrammar())}`);
const target = await startTarget();
let front: TcpFront | null = null;
try {
  if (FRONT !== 'none') front = await startTcpFrontProcess(Number(new URL(target.wsUrl).port), FRONT);
  const wsUrl = front ? `ws://127.0.0.1:${front.port}/ws` : target.wsUrl;
  emitResult('fleet-reconnect', { ...machine(), loadAverage: load(), pbx: target.pbx.name, front: FRONT, shed: SHED, retryAfterS: RETRY_AFTER_S });
  for (const variant of CHOSEN) emitResult('fleet-reconnect', { kind: 'variant', variant, note: VARIANT_NOTES[variant] });
  log(`load average ${load()}; phones connect to ${wsUrl}${front ? ` (a front that ${FRONT === 'close' ? 'accepts and closes' : 'answers 503'} while the PBX is away)` : ''}`);

  for (const n of SIZES) {
    const agents = target.fleet.slice(0, n);
    const outages: OutageRow[] = [];
    let hold: HoldRow | null = null;
    for (const variant of CHOSEN) {
      const run = await runVariant({
        pbx: target.pbx, front: FRONT, variant, agents, wsUrl, domain: target.domain, outagesS: OUTAGES, repeat: REPEAT,
        holdS: variant === 'app' && target.pbx.name === 'simulator' ? HOLD_S : 0, log,
      });
      hold ??= run.hold;
      outages.push(...run.outages);
    }
    if (hold) emitResult('fleet-reconnect', { ...hold });
    for (const row of outages) emitResult('fleet-reconnect', { ...row });
    printTable(
      `bench/fleet-reconnect: ${n} phones on ${target.pbx.name}${front ? ` behind a front (${FRONT})` : ''}; attempts during the outage (TCP = main's probes, WS = the page's WebSockets), then from the server back to registered`,
      outages.map((r) => ({
        variant: r.variant, outage: `${r.outageS} s #${r.repeat}`, 'att/phone/s': r.attemptsPerPhonePerS, 'att peak/s': r.attemptPeakPerS,
        'TCP/phone/s': Number((r.probes / n / r.outageS).toFixed(3)), 'of them upgraded': r.probeUpgrades, 'WS/phone/s': Number((r.wsAttempts / n / r.outageS).toFixed(3)),
        back: `${r.registered}/${n}`, 'p50 / p95 / max ms': `${r.p50Ms ?? 'never'} / ${r.p95Ms ?? 'never'} / ${r.maxMs ?? 'never'}`, 'reg peak/s': r.regPeakPerS, 'found p95 ms': r.foundP95Ms ?? '-',
        '503s (too soon)': `${r.sheds} (${r.shedRetryTooSoon})`, 'sim lag ms': r.simLagMaxMs ?? '-', load: r.loadAverage,
      })),
    );
    const app = outages.filter((r) => r.variant === 'app');
    for (const outageS of OUTAGES) {
      const runs = app.filter((r) => r.outageS === outageS);
      if (runs.length === 0) continue;
      const p95s = runs.map((r) => r.p95Ms ?? Number.POSITIVE_INFINITY);
      const spread = (xs: readonly number[]): string => `${Math.min(...xs)}–${Math.max(...xs)}`;
      const row: Record<string, Cell> = {
        kind: 'targets', pbx: target.pbx.name, front: FRONT, agents: n, outageS, runs: runs.length,
        attemptsPerPhonePerS: spread(runs.map((r) => r.attemptsPerPhonePerS)), attemptsOk: runs.every((r) => r.attemptsPerPhonePerS <= attemptTarget(outageS)),
        attemptPeakPerS: spread(runs.map((r) => r.attemptPeakPerS)), attemptPeakOk: runs.every((r) => r.attemptPeakPerS <= n * TARGETS.peakShare),
        returnP95Ms: spread(p95s), returnP95Ok: p95s.every((p) => p <= returnTarget(outageS)),
        foundP95Ms: spread(runs.map((r) => r.foundP95Ms ?? Number.POSITIVE_INFINITY)),
        regPeakPerS: spread(runs.map((r) => r.regPeakPerS)), regPeakOk: runs.every((r) => r.regPeakPerS <= n * TARGETS.peakShare),
        shedRetryTooSoon: runs.reduce((sum, r) => sum + r.shedRetryTooSoon, 0),
        loadAverage: spread(runs.map((r) => r.loadAverage)),
      };
      emitResult('fleet-reconnect', row);
      log(
        `targets, app, ${n} phones, ${outageS} s ×${runs.length}: attempts/phone/s ${String(row['attemptsPerPhonePerS'])} (≤ ${attemptTarget(outageS)}: ${row['attemptsOk'] ? 'PASS' : 'FAIL'}); ` +
          `busiest second ${String(row['attemptPeakPerS'])} (≤ ${n / 2}: ${row['attemptPeakOk'] ? 'PASS' : 'FAIL'}); all back p95 ${String(row['returnP95Ms'])} ms (≤ ${returnTarget(outageS)}: ${row['returnP95Ok'] ? 'PASS' : 'FAIL'}); ` +
          `registrations in the busiest second ${String(row['regPeakPerS'])} (≤ ${n / 2}: ${row['regPeakOk'] ? 'PASS' : 'FAIL'}); load ${String(row['loadAverage'])}`,
      );
    }
  }
  log(`load average at the end ${load()}`);
} finally {
  await front?.close();
  await target.stop();
}
