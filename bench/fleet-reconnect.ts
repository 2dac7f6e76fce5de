// bench/fleet-reconnect: a floor of N phones against one PBX that goes away
// and comes back. The simulator runs in its own process (bench/fleet-sim-child.ts,
// N agents seeded); this process runs N real SIP stacks over the `ws` package
// (bench/lib/fleet-clients.ts): the app's own Phone with main's TCP prober,
// and as baselines JsSIP's UA and sip.js's SimpleUser with their own
// reconnection. Per variant: the floor registers, the app's floor is held
// registered for a while (the simulator's event-loop lag measured), then the
// simulator's SIP side is paused (every WebSocket dropped, connections
// refused) for each outage length and resumed. Per run: WebSocket handshakes
// (TLS on a real wss:// port; plain ws:// here) during the outage, TCP probes
// counted apart, the time from the server back to each phone registered, and
// the registrations in the busiest second after it is back.
// Usage: npx tsx bench/fleet-reconnect.ts [--agents 200,500,1000] [--outages 5,20,60]
//        [--variants app,jssip,simple-user] [--hold 15]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { VARIANTS, VARIANT_NOTES, type FleetAgent, type Variant } from './lib/fleet-clients';
import { runVariant, type HoldRow, type OutageRow } from './lib/fleet-run';
import { machine } from './lib/machine';
import { emitResult, printTable, type Cell } from './lib/report';
import { spawnSimulator } from './lib/spawn-simulator';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '200,500,1000' },
    outages: { type: 'string', default: '5,20,60' },
    variants: { type: 'string', default: VARIANTS.join(',') },
    hold: { type: 'string', default: '15' },
  },
  strict: true,
});
const list = (text: string, name: string, min: number, max: number): number[] => {
  const numbers = text.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < min || n > max)) throw new Error(`--${name}: whole numbers from ${min} to ${max}, comma-separated (got ${text})`);
  return numbers;
};
const SIZES = list(values.agents, 'agents', 1, 2_000);
const OUTAGES = list(values.outages, 'outages', 1, 120);
const HOLD_S = list(values.hold, 'hold', 0, 120)[0] ?? 0;
const CHOSEN = values.variants.split(',').map((v) => {
  if (!(VARIANTS as readonly string[]).includes(v)) throw new Error(`--variants: ${VARIANTS.join(', ')} (got ${v})`);
  return v as Variant;
});

/** The targets, read per size (official at N = 500). */
const TARGETS = { wsPeakPerAgentPerS: 0.2, returnP95Ms: 3_000, regPeakShare: 0.5, simLagMs: 50 } as const;

const log = (line: string): void => void process.stderr.write(`fleet-reconnect: ${line}\n`);
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');

const sim = await spawnSimulator(['--agents', String(Math.max(...SIZES))], 60_000, 'bench/fleet-sim-child.ts');
try {
  const wsUrl = (sim.ready as { sip?: { ws?: string } }).sip?.ws;
  if (!wsUrl) throw new Error('the simulator announced no SIP WebSocket address');
  const fleet: FleetAgent[] = sim.ready.credentials.agents.filter((a) => a.agent.startsWith('fleet.'));
  emitResult('fleet-reconnect', { ...machine(), loadAverage: loadavg().map((l) => l.toFixed(2)).join(' ') });
  for (const variant of CHOSEN) emitResult('fleet-reconnect', { kind: 'variant', variant, note: VARIANT_NOTES[variant] });
  log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; simulator pid ${sim.pid}, ${fleet.length} agents, SIP at ${wsUrl} (plain ws: one TLS handshake per WebSocket on a real wss:// port)`);

  const targetRows: Record<string, Cell>[] = [];
  for (const n of SIZES) {
    const agents = fleet.slice(0, n);
    const outages: OutageRow[] = [];
    let hold: HoldRow | null = null;
    for (const variant of CHOSEN) {
      const run = await runVariant({ sim, variant, agents, wsUrl, outagesS: OUTAGES, holdS: variant === 'app' ? HOLD_S : 0, log });
      hold ??= run.hold;
      outages.push(...run.outages);
    }
    if (hold) emitResult('fleet-reconnect', { ...hold });
    for (const row of outages) emitResult('fleet-reconnect', { ...row, wsPeakPerAgentPerS: Number((row.wsPeakPerS / n).toFixed(3)) });
    printTable(
      `bench/fleet-reconnect: ${n} phones; WebSockets and TCP probes during the outage (peak = busiest 1 s window), then from the server back to registered`,
      outages.map((r) => ({
        variant: r.variant, outage: `${r.outageS} s`, 'WS': r.wsAttempts, 'WS peak/s': r.wsPeakPerS, 'WS mean/s': r.wsMeanPerS,
        'WS peak/agent/s': Number((r.wsPeakPerS / n).toFixed(3)), 'probes peak/s': r.probePeakPerS, 'probes mean/s': r.probeMeanPerS,
        back: `${r.registered}/${n}`, 'p50 ms': r.p50Ms ?? 'never', 'p95 ms': r.p95Ms ?? 'never', 'max ms': r.maxMs ?? 'never',
        'reg peak/s': r.regPeakPerS, 'sim lag down / back ms': `${r.simLagDownMaxMs} / ${r.simLagMaxMs}`, 'client lag max ms': r.clientLagMaxMs,
      })),
    );
    const app = outages.filter((r) => r.variant === 'app');
    if (app.length === 0) continue;
    const wsPeak = Math.max(...app.map((r) => r.wsPeakPerS / n));
    const p95s = app.map((r) => r.p95Ms ?? Number.POSITIVE_INFINITY);
    const regPeak = Math.max(...app.map((r) => r.regPeakPerS));
    const row: Record<string, Cell> = {
      kind: 'targets', agents: n,
      wsPeakPerAgentPerS: Number(wsPeak.toFixed(3)), wsPeakOk: wsPeak <= TARGETS.wsPeakPerAgentPerS,
      returnP95MaxMs: Number.isFinite(Math.max(...p95s)) ? Math.max(...p95s) : null, returnP95Ok: p95s.every((p) => p <= TARGETS.returnP95Ms),
      regPeakPerS: regPeak, regPeakOk: regPeak <= n * TARGETS.regPeakShare,
      simLagHoldMaxMs: hold?.simLagMaxMs ?? null, simLagHoldOk: hold === null ? null : hold.simLagMaxMs <= TARGETS.simLagMs,
      simLagOutageMaxMs: Math.max(...app.map((r) => r.simLagMaxMs)),
    };
    emitResult('fleet-reconnect', row);
    targetRows.push(row);
    process.stderr.write(
      [
        `targets, app phone, ${n} agents${n === 500 ? ' (the issue\'s size)' : ''}:`,
        `  WebSocket/TLS handshakes during the outage ≤ ${TARGETS.wsPeakPerAgentPerS}/agent/s at peak: ${row['wsPeakPerAgentPerS']} ${verdict(row['wsPeakOk'] === true)}`,
        `  all registered p95 ≤ ${TARGETS.returnP95Ms} ms after the server is back (every outage): worst ${String(row['returnP95MaxMs'] ?? 'never')} ms ${verdict(row['returnP95Ok'] === true)}`,
        `  registrations in any one second ≤ N/2 = ${n / 2}: ${regPeak} ${verdict(row['regPeakOk'] === true)}`,
        hold
          ? `  simulator event-loop lag holding ${hold.boundOnSimulator} registered agents (keep-alives) ≤ ${TARGETS.simLagMs} ms: max ${hold.simLagMaxMs} ms (p99 ${hold.simLagP99Ms}) ${verdict(hold.simLagMaxMs <= TARGETS.simLagMs)}; during the outages max ${String(row['simLagOutageMaxMs'])} ms`
          : '  simulator event-loop lag: not measured (--hold 0)',
        '',
      ].join('\n'),
    );
  }
  if (targetRows.length > 1) printTable('bench/fleet-reconnect: targets (app phone)', targetRows.map(({ kind: _kind, ...rest }) => rest));
  log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await sim.stop();
}
