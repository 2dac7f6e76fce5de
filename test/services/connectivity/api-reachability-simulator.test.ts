// After an API outage the disposition saved meanwhile reaches the platform
// because main probes it (HEAD of the instance) and says online at the first
// answer, not because the outbox's retry timer fired (its wait here is one
// minute, far beyond the test). The simulator stops listening, then listens again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createConnectivity, startApiReachability, type ConnectivityChange } from '../../../main/services/connectivity';
import { openDispositionOutbox } from '../../../main/services/outbox';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { resetSim, simState } from '../../api/sim-control';

let sim: Simulator;
let dir: string;
let client: IntegraClient;
const ana = () => sim.ready.credentials.agents[0]!;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await resetSim(sim);
  dir = await mkdtemp(join(tmpdir(), 'api-probe-'));
  client = createIntegraClient({ baseUrl: sim.baseUrl, timeoutMs: 3_000 });
  await client.agentAuthenticate({ agent: ana().agent, password: ana().password });
});
afterEach(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});

describe('API reachability probe against the simulator', () => {
  it('a disposition saved during an outage reaches the platform soon after it is back', async () => {
    const connectivity = createConnectivity();
    const changes: ConnectivityChange[] = [];
    connectivity.onChange((c) => changes.push(c));
    const outbox = await openDispositionOutbox({ dir, client, connectivity, online: connectivity, backoff: { firstMs: 60_000, factor: 1, capMs: 60_000, jitter: 0 } });
    const reach = startApiReachability({ connectivity, target: () => client, onTargetChange: () => () => undefined });
    outbox.start();
    await sim.pauseHttp();
    try {
      await outbox.submit({ campaign: 'Manual->', agent: ana().agent, callerid: '099123456', guid: 'g-outage', l1: 'Venta', l2: '', l3: '', d1: '', d2: '', comment: '', schedule: '', camptoreschedule: '', tag: '' });
      await vi.waitFor(() => expect(connectivity.state).toBe('offline'));
      expect(reach.probing()).toBe(true);
      expect(outbox.status().nextRetryAt).not.toBeNull();
    } finally {
      await sim.resumeHttp();
    }
    await vi.waitFor(async () => expect((await simState(sim)).dispositions.map((d) => d.guid)).toEqual(['g-outage']), { timeout: 5_000, interval: 100 });
    expect(connectivity.state).toBe('online');
    expect(changes.map((c) => `${c.state}:${c.reason}`)).toEqual(['offline:request-failed', 'online:request-succeeded']);
    expect(reach.probing()).toBe(false);
    // The probe is no operation: the platform saw the sign-in and the disposition only.
    expect((await simState(sim)).requests.map((r) => r.operation)).toEqual(['agentLogin', 'disposition']);
    reach.close();
    await outbox.close();
  });

  it('any HTTP answer is an answer; a closed port is not', async () => {
    expect(await client.probe({ timeoutMs: 2_000 })).toEqual({ reachable: true, status: 404 });
    const nowhere = createIntegraClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(await nowhere.probe({ timeoutMs: 2_000 })).toEqual({ reachable: false, reason: 'ECONNREFUSED' });
    await nowhere.close();
  });
});
