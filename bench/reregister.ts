// bench/reregister: after the SIP server was down, how long from it accepting
// connections again to the phone registered. The simulator's SIP side is
// paused (every WebSocket dropped, connections refused) for a random
// 0.3–3 s, then resumed; the registrar's bindings are polled every 5 ms.
// Two phones live through the same outages: the app's Phone as the app runs
// it (three quick tries, then main's TCP probe of the server, here the app's
// own prober in this process) and sip.js's SimpleUser with its default
// reconnection (3 attempts, 4 s apart).
// Usage: npx tsx bench/reregister.ts [outages, default 30]
import { createIntegraClient } from '../main/api';
import type { SipCredentials } from '../common/ipc-contract';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator, type Simulator } from '../simulator/index';
import { startCallPages } from './lib/call-page';
import { startMainProbe } from './lib/main-probe';
import { machine } from './lib/machine';
import { emitResult, printTable } from './lib/report';
import { percentile, round } from './lib/stats';

const OUTAGES = Math.max(1, Math.min(100, Number(process.argv[2] ?? 30) || 30));
const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function control(sim: Simulator, method: 'GET' | 'POST', path: string): Promise<unknown> {
  const r = await fetch(`${sim.control.url}${path}`, { method, headers: { 'X-Sim-Secret': sim.control.secret } });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status}`);
  return r.json();
}
const bound = async (sim: Simulator): Promise<Set<string>> =>
  new Set(((await control(sim, 'GET', '/sip/registrations')) as { phone: string }[]).map((b) => b.phone));

const sim = await startSimulator({ port: 0, extensions: defaultExtensions });
const pages = await startCallPages();
const client = createIntegraClient({ baseUrl: sim.baseUrl });
try {
  const ws = (sim.ready['sip'] as { ws: string }).ws;
  const creds: SipCredentials[] = [];
  for (const i of [0, 1]) {
    const seeded = sim.ready.credentials.agents[i];
    if (!seeded) throw new Error('the simulator seeds fewer than two agents');
    const { agent, password } = seeded;
    const record = (await client.agentAuthenticate({ agent, password })) as { name: string; md5secret: string };
    creds.push({ uri: `sip:${record.name}@127.0.0.1`, authorizationUsername: record.name, authorizationHa1: record.md5secret, wsUrl: ws, realm: 'asterisk', displayName: agent });
  }
  const [tunedCreds, simpleCreds] = creds as [SipCredentials, SipCredentials];
  const tunedPage = await pages.open();
  const probe = startMainProbe(ws);
  await probe.expose(tunedPage);
  await tunedPage.evaluate((c) => window.bench.start({ credentials: c }, { mainProbe: true }), tunedCreds);
  const simplePage = await pages.open();
  await simplePage.evaluate((c) => window.bench.startSimpleUser(c), simpleCreds);
  const phones = { tuned: tunedCreds.authorizationUsername, simpleUser: simpleCreds.authorizationUsername };
  const waitBound = async (deadline: number) => {
    while (now() < deadline) {
      const b = await bound(sim);
      if (b.has(phones.tuned) && b.has(phones.simpleUser)) return;
      await sleep(20);
    }
    throw new Error('the phones did not register');
  };
  await waitBound(now() + 15_000);

  const samples: Record<keyof typeof phones, number[]> = { tuned: [], simpleUser: [] };
  const missed: Record<keyof typeof phones, number> = { tuned: 0, simpleUser: 0 };
  for (let n = 0; n < OUTAGES; n++) {
    const downMs = 300 + Math.random() * 2_700;
    await control(sim, 'POST', '/sip/pause');
    await sleep(downMs);
    await control(sim, 'POST', '/sip/resume');
    const t0 = now();
    const pending = new Set<keyof typeof phones>(['tuned', 'simpleUser']);
    const deadline = t0 + 10_000;
    while (pending.size > 0 && now() < deadline) {
      const b = await bound(sim);
      const t = now() - t0;
      for (const p of [...pending]) {
        if (b.has(phones[p])) {
          samples[p].push(t);
          pending.delete(p);
        }
      }
      await sleep(5);
    }
    for (const p of pending) missed[p]++;
    // SimpleUser gives up after its 3 tries: start it again so every outage is measured from a registered phone.
    if (pending.has('simpleUser')) {
      await simplePage.evaluate(() => window.bench.stopSimpleUser());
      await simplePage.evaluate((c) => window.bench.startSimpleUser(c), simpleCreds);
    }
    await waitBound(now() + 15_000);
    await sleep(300);
  }

  emitResult('reregister', machine());
  const rows = (Object.keys(phones) as (keyof typeof phones)[]).map((p) => ({
    phone: p, outages: OUTAGES, registered: samples[p].length, missedWithin10s: missed[p],
    p50ms: round(percentile(samples[p], 50), 1), p95ms: round(percentile(samples[p], 95), 1), maxMs: round(Math.max(...samples[p]), 1),
  }));
  for (const row of rows) emitResult('reregister', { kind: 'phone', ...row });
  printTable(`bench/reregister: ${OUTAGES} outages of 0.3–3 s; ms from the server listening again to the phone's binding`, rows);
  const ok = percentile(samples.tuned, 95) <= 500;
  emitResult('reregister', { kind: 'targets', tunedP95ok: ok });
  process.stderr.write(`target (app phone): p95 ≤ 500 ms ${ok}\n`);
  await tunedPage.evaluate(() => window.bench.stop()).catch(() => undefined);
  probe.close();
  await simplePage.evaluate(() => window.bench.stopSimpleUser()).catch(() => undefined);
} finally {
  await client.close();
  await pages.close();
  await sim.close();
}
