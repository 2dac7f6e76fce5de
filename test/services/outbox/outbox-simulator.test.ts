import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createConnectivity, type OsNetworkEvents } from '../../../main/services/connectivity';
import { openDispositionOutbox } from '../../../main/services/outbox';

let sim: Simulator;
let dir: string;
let client: IntegraClient;
const agent = () => sim.ready.credentials.agents[0]!;

interface SimDisposition {
  guid: string;
  params: Record<string, string>;
  received: number;
}

async function dispositions(): Promise<SimDisposition[]> {
  const res = await fetch(`${sim.control.url}/state`, { headers: { 'X-Sim-Secret': sim.control.secret } });
  return ((await res.json()) as { dispositions: SimDisposition[] }).dispositions;
}

const disposition = (guid: string, campaign = 'Manual->') => ({
  campaign, agent: agent().agent, callerid: '17410632', guid, l1: 'Venta', l2: 'Contado', l3: '', d1: '', d2: '', comment: 'ok', schedule: '', camptoreschedule: '', tag: '',
});

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-sim-'));
  await fetch(`${sim.control.url}/reset`, { method: 'POST', headers: { 'X-Sim-Secret': sim.control.secret } });
  client = createIntegraClient({ baseUrl: sim.baseUrl, timeoutMs: 3_000 });
  await client.agentAuthenticate({ agent: agent().agent, password: agent().password });
});
afterEach(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});


describe('dispositions outbox against the simulator', () => {
  it('keeps a disposition submitted while connections are refused and sends it when the platform is back', async () => {
    let fire: ((e: 'online' | 'offline' | 'resumed' | 'network-changed') => void) | null = null;
    const os: OsNetworkEvents = { subscribe: (l) => ((fire = l), () => (fire = null)) };
    const connectivity = createConnectivity({ os });
    // A long backoff: only the connectivity cue can explain a prompt send.
    const outbox = await openDispositionOutbox({ dir, client, connectivity, online: connectivity, backoff: { firstMs: 60_000, factor: 2, capMs: 60_000, jitter: 0 } });
    outbox.start();
    await sim.pauseHttp();
    try {
      await outbox.submit(disposition('guid-offline'));
      await vi.waitFor(() => expect(outbox.status().lastError).not.toBeNull());
      expect(outbox.status()).toMatchObject({ pending: 1, parked: 0 });
      expect(outbox.status().lastError).toMatch(/Call Disposition/);
      expect(connectivity.state).toBe('offline');
    } finally {
      await sim.resumeHttp();
    }
    fire!('online');
    await outbox.whenIdle();
    expect(outbox.status()).toMatchObject({ pending: 0, parked: 0, lastError: null });
    const stored = await dispositions();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ guid: 'guid-offline', received: 1, params: expect.objectContaining({ l1: 'Venta', l2: 'Contado' }) });
    await outbox.close();
  });

  it('retries through a 500 and a dropped connection, and re-authenticates on an expired token, storing one copy', async () => {
    const fault = (kind: string) =>
      fetch(`${sim.control.url}/faults`, {
        method: 'POST',
        headers: { 'X-Sim-Secret': sim.control.secret, 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'disposition', kind }),
      });
    await fault('http500');
    await fault('expired-token');
    const outbox = await openDispositionOutbox({ dir, client, backoff: { firstMs: 10, factor: 2, capMs: 50, jitter: 0.5 } });
    const errors: string[] = [];
    outbox.on('status', (s) => s.lastError && errors.push(s.lastError));
    outbox.start();
    await outbox.submit(disposition('guid-faults'));
    await outbox.whenIdle();
    expect(errors.some((e) => /HTTP 500/.test(e))).toBe(true);
    const stored = await dispositions();
    expect(stored.map((d) => [d.guid, d.received])).toEqual([['guid-faults', 1]]);
    await outbox.close();
  });

  it('parks a disposition the platform keeps refusing, without losing it', async () => {
    const outbox = await openDispositionOutbox({ dir, client, refusedLimit: 2, backoff: { firstMs: 5, factor: 1, capMs: 5, jitter: 0 } });
    outbox.start();
    await outbox.submit(disposition('guid-bad', 'NoSuchCampaign->'));
    await outbox.whenIdle();
    expect(outbox.status()).toMatchObject({ pending: 0, parked: 1 });
    // The session is fine (a read with the same token passes): the refusal is about the data, said as such.
    expect(outbox.parkedEntries()[0]!.reason).toMatch(/the platform refused \("0"\).*The platform answered "0" 2 times in a row/);
    expect(outbox.parkedEntries()[0]!.reason).not.toMatch(/signed in anew/);
    expect(await dispositions()).toEqual([]);
    await outbox.close();
  });

  it('a host killed between journal write and send replays on restart: exactly one copy', async () => {
    const tsx = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const child = (mode: 'crash' | 'replay') =>
      spawn(process.execPath, ['--import', tsx, join(__dirname, 'fixtures', 'outbox-child.ts')], {
        env: {
          ...process.env,
          MODE: mode,
          OUTBOX_DIR: dir,
          SIM_BASE_URL: sim.baseUrl,
          AGENT: agent().agent,
          AGENT_PASSWORD: agent().password,
          DISPOSITION: JSON.stringify(disposition('guid-crash')),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const events = (proc: ReturnType<typeof child>, onEvent: (e: { event: string }) => void) =>
      createInterface({ input: proc.stdout! }).on('line', (line) => onEvent(JSON.parse(line) as { event: string }));
    const exited = (proc: ReturnType<typeof child>) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));

    const first = child('crash');
    let stderr = '';
    first.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    events(first, (e) => e.event === 'journaled' && first.kill('SIGKILL'));
    const firstExit = await exited(first);
    expect(firstExit, stderr).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await dispositions()).toEqual([]); // killed before sending

    const second = child('replay');
    const seen: { event: string }[] = [];
    events(second, (e) => seen.push(e));
    second.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const secondExit = await exited(second);
    expect(secondExit, stderr).toEqual({ code: 0, signal: null });
    expect(seen).toEqual([
      { event: 'replayed', count: 1, inDoubt: 0 },
      expect.objectContaining({ event: 'idle', pending: 0, parked: 0 }),
    ]);
    const stored = await dispositions();
    expect(stored.map((d) => [d.guid, d.received])).toEqual([['guid-crash', 1]]);
  });
});
