// bench/outage-matrix: what an outage does to agents in calls, and how fast
// the app is back (issue 11). The simulator runs in this process; phones (the
// app's Phone in headless Chromium, one context each) are in calls through a
// fault proxy on their SIP WebSocket. Per outage length × mode:
//   cut     both halves of every connection closed, new ones refused
//   freeze  the page's half dead (open, silent), new ones refused
// and per phone variant (`app`: with main's TCP probe, as shipped;
// `page-only`: the same phone reconnecting by itself, the baseline that
// Chromium's WebSocket throttle slows down), it reports whether each call
// survived with media, zombies (a call on screen the platform ended), time
// from the server listening again to the phone registered again, the longest
// audio gap, and WebSocket attempts and TCP probes per agent during the
// outage. Then the API: sessions of main's services with a disposition queued
// while the API is down; time from it listening again to "online" and to the
// disposition stored.
// Usage: npx tsx bench/outage-matrix.ts [--lengths 5,30,60,120] [--modes cut,freeze] [--app 4] [--page-only 2]
//                                       [--api-lengths 5,30,60,120] [--api-sessions 4]
import { parseArgs } from 'node:util';
import { createIntegraClient } from '../main/api';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator, type Simulator } from '../simulator/index';
import { startFaultProxy, type FaultProxy } from '../test/support/fault-proxy';
import { measureApiOutage } from './lib/api-outage';
import { startCallPages } from './lib/call-page';
import { machine } from './lib/machine';
import { startMainProbe, type MainProbe } from './lib/main-probe';
import { outageView, startOutagePhones, type OutagePhone, type PhoneVariant } from './lib/outage-phones';
import { emitResult, printTable, type Cell } from './lib/report';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({
  options: {
    lengths: { type: 'string', default: '5,30,60,120' },
    modes: { type: 'string', default: 'cut,freeze' },
    app: { type: 'string', default: '4' },
    'page-only': { type: 'string', default: '2' },
    'api-lengths': { type: 'string', default: '5,30,60,120' },
    'api-sessions': { type: 'string', default: '4' },
  },
});
const list = (text: string): number[] => text.split(',').map(Number).filter((n) => Number.isFinite(n) && n > 0 && n <= 600);
const LENGTHS = list(values.lengths);
const MODES = values.modes.split(',').filter((m): m is 'cut' | 'freeze' => m === 'cut' || m === 'freeze');
const APP = Math.max(1, Math.min(20, Number(values.app) || 1));
const PAGE_ONLY = Math.max(0, Math.min(20, Number(values['page-only']) || 0));
const API_LENGTHS = list(values['api-lengths']);
const API_SESSIONS = Math.max(1, Math.min(20, Number(values['api-sessions']) || 1));

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function control(sim: Simulator, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'X-Sim-Secret': sim.control.secret, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

interface SimCall {
  guid: string;
  status: string;
  levels?: { customerReceived: { packets: number } };
}
const simCall = async (sim: Simulator, guid: string): Promise<SimCall> => (await control(sim, 'GET', `/calls/${guid}`)) as SimCall;

async function until<T>(what: string, probe: () => Promise<T | null | false | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** Every phone in a call with audio both ways; the GUIDs by phone. */
async function callEveryone(sim: Simulator, client: ReturnType<typeof createIntegraClient>, phones: OutagePhone[], run: number): Promise<Map<OutagePhone, string>> {
  const guids = new Map<OutagePhone, string>();
  for (const [i, p] of phones.entries()) {
    const destination = `0998${String(run).padStart(3, '0')}${String(i).padStart(2, '0')}`;
    await p.page.evaluate((d) => window.bench.expect(d), destination);
    guids.set(p, await client.makeCall({ callerid: '59826001234', agent: p.agent, phone: p.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination }));
  }
  for (const [p, guid] of guids) {
    await until('audio both ways', async () => {
      const c = await simCall(sim, guid);
      const v = await outageView(p);
      return c.status === 'active' && (c.levels?.customerReceived.packets ?? 0) > 25 && v.audioSamples.some((s) => s.packets > 0);
    }, 20_000);
  }
  return guids;
}

interface PhoneResult {
  variant: PhoneVariant;
  survived: boolean;
  zombie: boolean;
  /** From the cut to the phone knowing it has no registration (a frozen connection takes a keep-alive). */
  detectedMs: number | null;
  registeredMs: number | null;
  audioGapS: number;
  wsAttempts: number;
}

async function outageRun(sim: Simulator, proxy: FaultProxy, probe: MainProbe, client: ReturnType<typeof createIntegraClient>, phones: OutagePhone[], lengthS: number, mode: 'cut' | 'freeze', run: number): Promise<{ results: PhoneResult[]; probes: number }> {
  const guids = await callEveryone(sim, client, phones, run);
  for (const p of phones) await p.page.evaluate(() => window.bench.clearOutage());
  const probesBefore = probe.probes;
  if (mode === 'cut') proxy.cut();
  else proxy.freeze();
  await proxy.refuse();
  const outageStart = now();
  await sleep(lengthS * 1_000);
  const probes = probe.probes - probesBefore;
  const back = now();
  await proxy.restore();
  const registered = new Map<OutagePhone, number | null>();
  const deadline = Date.now() + 20_000;
  while (registered.size < phones.length && Date.now() < deadline) {
    for (const p of phones) {
      if (registered.has(p)) continue;
      const at = (await outageView(p)).registeredAgainAt.find((t) => t >= back);
      if (at !== undefined) registered.set(p, at - back);
    }
    await sleep(20);
  }
  await sleep(2_500);
  const results: PhoneResult[] = [];
  for (const p of phones) {
    const guid = guids.get(p) ?? '';
    const before = await simCall(sim, guid);
    const viewBefore = await outageView(p);
    await sleep(1_200);
    const after = await simCall(sim, guid);
    const view = await outageView(p);
    const pagePackets = (v: typeof view) => v.audioSamples.reduce((sum, s) => sum + s.packets, 0);
    const heardBothWays =
      (after.levels?.customerReceived.packets ?? 0) > (before.levels?.customerReceived.packets ?? 0) && pagePackets(view) > pagePackets(viewBefore);
    const onScreen = view.call !== null && view.call.state !== 'ended';
    let gap = 0;
    let longest = 0;
    for (const s of view.audioSamples.filter((x) => x.at >= outageStart - 1_000)) {
      gap = s.packets === 0 ? gap + 1 : 0;
      longest = Math.max(longest, gap);
    }
    const lostAt = viewBefore.registrationLostAt.find((t) => t >= outageStart);
    results.push({
      variant: p.variant,
      detectedMs: lostAt === undefined ? null : lostAt - outageStart,
      survived: after.status === 'active' && onScreen && heardBothWays,
      zombie: onScreen && after.status === 'ended',
      registeredMs: registered.get(p) ?? null,
      audioGapS: longest,
      wsAttempts: viewBefore.webSocketsOpened,
    });
  }
  for (const [, guid] of guids) await control(sim, 'POST', `/calls/${guid}/hangup`).catch(() => undefined);
  for (const p of phones) await until('the call ended on the page', async () => (await outageView(p)).call?.state !== 'active', 10_000).catch(() => undefined);
  await sleep(500);
  return { results, probes };
}

const sim = await startSimulator({ port: 0, extensions: defaultExtensions });
const simWs = (sim.ready['sip'] as { ws: string }).ws;
const proxy = await startFaultProxy(Number(new URL(simWs).port));
const wsUrl = `ws://127.0.0.1:${proxy.port}/ws`;
const probe = startMainProbe(wsUrl);
const pages = await startCallPages();
const client = createIntegraClient({ baseUrl: sim.baseUrl });
try {
  await client.clientAuthenticate({ user: sim.ready.credentials.apiUser.user, password: sim.ready.credentials.apiUser.password });
  const phones = await startOutagePhones({ client, pages, probe, wsUrl, app: APP, pageOnly: PAGE_ONLY });
  emitResult('outage-matrix', machine());
  const rows: Record<string, Cell>[] = [];
  const appRegistered: number[] = [];
  let run = 0;
  for (const mode of MODES) {
    for (const lengthS of LENGTHS) {
      const { results, probes } = await outageRun(sim, proxy, probe, client, phones, lengthS, mode, run++);
      for (const variant of ['app', 'page-only'] as const) {
        const mine = results.filter((r) => r.variant === variant);
        if (mine.length === 0) continue;
        const times = mine.map((r) => r.registeredMs).filter((t): t is number => t !== null);
        const detected = mine.map((r) => r.detectedMs).filter((t): t is number => t !== null);
        // A frozen connection is only found by the keep-alive (≤ 10 s): for shorter outages the phone never knew.
        if (variant === 'app' && (mode === 'cut' || lengthS >= 10)) appRegistered.push(...times);
        const row = {
          kind: 'run', mode, lengthS, variant, phones: mine.length,
          survivedWithMedia: mine.filter((r) => r.survived).length, zombies: mine.filter((r) => r.zombie).length,
          detectedMaxMs: detected.length ? round(Math.max(...detected), 0) : null,
          registered: times.length, registeredP50ms: round(percentile(times, 50), 0), registeredMaxMs: round(Math.max(0, ...times), 0),
          maxAudioGapS: Math.max(0, ...mine.map((r) => r.audioGapS)),
          wsAttemptsPerAgent: round(mine.reduce((s, r) => s + r.wsAttempts, 0) / mine.length, 1),
          probesPerAgent: variant === 'app' ? round(probes / mine.length, 1) : 0,
        };
        rows.push(row);
        emitResult('outage-matrix', row);
      }
    }
  }
  printTable('bench/outage-matrix: calls through SIP outages (registered: ms from the server listening again)', rows);

  const apiRows = await measureApiOutage({ sim, lengthsS: API_LENGTHS, sessions: API_SESSIONS, phones });
  for (const row of apiRows) emitResult('outage-matrix', { kind: 'api', ...row });
  printTable('bench/outage-matrix: API outages (ms from the API listening again)', apiRows);

  const runs = rows.filter((r) => r['variant'] === 'app');
  const long = runs.filter((r) => Number(r['lengthS']) >= 30);
  const apiOnline = apiRows.flatMap((r) => (typeof r['onlineP95ms'] === 'number' ? [r['onlineP95ms']] : []));
  const targets = {
    kind: 'targets',
    callsKeptThrough30s: long.length === 0 ? null : long.every((r) => r['survivedWithMedia'] === r['phones']),
    zombies: rows.reduce((s, r) => s + Number(r['zombies']), 0),
    halfOpenFoundMaxMs: Math.max(0, ...rows.filter((r) => r['mode'] === 'freeze').map((r) => Number(r['detectedMaxMs'] ?? 0))),
    // Outages the phone knew about (cut, or frozen longer than the keep-alive's 10 s).
    registeredP95ms: round(percentile(appRegistered, 95), 0),
    // Issue 23: main's probes follow the reconnect curve (2.6 s apart, 6 s after 36 s), each phone at its own
    // phase, which is the floor's return spread: ≤ 3 s after outages up to 20 s, ≤ 6 s after longer ones
    // (docs/ASSUMPTIONS.md, "A floor of phones"); read here against the longer, as the lengths are mixed.
    registeredP95ok: percentile(appRegistered, 95) <= 6_000,
    apiOnlineP95ms: apiOnline.length ? Math.max(...apiOnline) : null,
    apiOnlineP95ok: apiOnline.every((t) => t <= 2_000),
  };
  emitResult('outage-matrix', targets);
  process.stderr.write(`targets: ${JSON.stringify(targets)}\n`);
} finally {
  await client.close();
  await pages.close();
  probe.close();
  await proxy.close();
  await sim.close();
}
