// The API half of bench/outage-matrix: sessions of main's own services
// (composed as the browser host composes them), each signed in as an agent,
// each with a disposition saved while the API is down. Per outage length: the
// time from the API listening again to each session showing "online", and to
// its disposition stored by the platform.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeBrowserServices } from '../../main/browser-host/compose-browser-services';
import type { Simulator } from '../../simulator/index';
import { OUTAGE_AGENT_PASSWORD, type OutagePhone } from './outage-phones';
import type { Cell } from './report';
import { percentile, round } from './stats';

type Composed = ReturnType<typeof composeBrowserServices>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = (): number => performance.timeOrigin + performance.now();

async function storedGuids(sim: Simulator): Promise<Set<string>> {
  const r = await fetch(`${sim.control.url}/state`, { headers: { 'X-Sim-Secret': sim.control.secret } });
  const state = (await r.json()) as { dispositions: { guid: string }[] };
  return new Set(state.dispositions.map((d) => d.guid));
}

export async function measureApiOutage(opts: { sim: Simulator; lengthsS: number[]; sessions: number; phones: readonly OutagePhone[] }): Promise<Record<string, Cell>[]> {
  const dirs: string[] = [];
  const sessions: Composed[] = [];
  const rows: Record<string, Cell>[] = [];
  try {
    for (let i = 0; i < opts.sessions; i++) {
      const agent = opts.phones[i % opts.phones.length]?.agent;
      if (!agent) throw new Error('no agent to sign in');
      const dir = await mkdtemp(join(tmpdir(), 'bench-api-outage-'));
      dirs.push(dir);
      const composed = composeBrowserServices({ dataDir: dir, overrides: { instanceUrl: opts.sim.baseUrl } });
      await composed.services.session.signIn({ agent, password: OUTAGE_AGENT_PASSWORD, remember: false, language: 'es' });
      sessions.push(composed);
    }
    for (const lengthS of opts.lengthsS) {
      await opts.sim.pauseHttp();
      const guids = sessions.map((_, i) => `bench-api-${lengthS}-${i}-${Date.now()}`);
      await Promise.all(
        sessions.map((s, i) =>
          s.services.calls.submitDisposition({ guid: guids[i] ?? '', campaign: 'Manual->', callerid: '099000000', l1: 'Bench', l2: '', l3: '', d1: '', d2: '', comment: '', tag: '', schedule: '', camptoreschedule: '' }),
        ),
      );
      // The outbox's first attempt meets the closed port: every session knows it is offline.
      for (let waited = 0; sessions.some((s) => s.connectivity.state !== 'offline') && waited < 5_000; waited += 20) await sleep(20);
      await sleep(lengthS * 1_000);
      const back = now();
      await opts.sim.resumeHttp();
      const online = new Map<number, number>();
      const stored = new Map<number, number>();
      const deadline = Date.now() + 60_000;
      while ((online.size < sessions.length || stored.size < sessions.length) && Date.now() < deadline) {
        const t = now() - back;
        sessions.forEach((s, i) => {
          if (!online.has(i) && s.connectivity.state === 'online') online.set(i, t);
        });
        const kept = await storedGuids(opts.sim);
        guids.forEach((g, i) => {
          if (!stored.has(i) && kept.has(g)) stored.set(i, now() - back);
        });
        await sleep(20);
      }
      const onlineMs = [...online.values()];
      const storedMs = [...stored.values()];
      rows.push({
        lengthS, sessions: sessions.length, online: onlineMs.length, stored: storedMs.length,
        onlineP50ms: round(percentile(onlineMs, 50), 0), onlineP95ms: round(percentile(onlineMs, 95), 0),
        storedP50ms: round(percentile(storedMs, 50), 0), storedP95ms: round(percentile(storedMs, 95), 0),
      });
    }
  } finally {
    await opts.sim.resumeHttp().catch(() => undefined);
    for (const s of sessions) {
      s.stopBackground();
      await s.services.session.signOut({}).catch(() => undefined);
      await s.services.calls.close();
      s.connectivity.close();
    }
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
