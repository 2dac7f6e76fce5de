// A disposition the platform keeps refusing is parked, listed for its agent
// with what the platform answered and how many times, and put back in line
// on request (calls.parkedDispositions / calls.retryParked), against the simulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, type DispositionRequest, type SessionView } from '../../../common/ipc-contract';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createCallsService, type CallsService } from '../../../main/services/calls';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { resetSim, simState } from '../../api/sim-control';

let sim: Simulator;
let client: IntegraClient;
let dir: string;
let calls: CallsService;
let signedInAs: string | null;
const ana = () => sim.ready.credentials.agents[0]!;
const view = (): SessionView =>
  signedInAs === null
    ? SIGNED_OUT
    : { ...SIGNED_OUT, state: 'signed-in', instanceUrl: sim.baseUrl, agent: { name: signedInAs, fullname: signedInAs, extension: ana().phone, campaigns: [] } };
const disposition = (guid: string, campaign: string): DispositionRequest => ({
  guid, campaign, callerid: '099123456', l1: 'Contactado', l2: '', l3: '', d1: '', d2: '', comment: 'callback', tag: '', schedule: '', camptoreschedule: '',
});

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
beforeEach(async () => {
  await resetSim(sim);
  dir = mkdtempSync(join(tmpdir(), 'parked-'));
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  await client.agentAuthenticate({ agent: ana().agent, password: ana().password });
  signedInAs = ana().agent;
  calls = createCallsService({
    session: { view, client: () => (signedInAs ? client : null) },
    dataDir: dir,
    agentContext: () => null,
    outboxBackoff: { firstMs: 5, factor: 1, capMs: 5, jitter: 0 },
  });
});
afterEach(async () => {
  await calls.close();
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await sim?.close();
});

describe('parked dispositions', () => {
  it('lists a disposition refused five times in a row with what the platform said, for its agent only, and puts it back in line', async () => {
    await calls.submitDisposition(disposition('g-parked', 'NoSuchCampaign->'));
    await expect.poll(async () => (await calls.outboxStatus()).parked, { timeout: 10_000 }).toBe(1);
    const [parked, ...others] = await calls.parkedDispositions();
    expect(others).toEqual([]);
    expect(parked!.disposition).toEqual(disposition('g-parked', 'NoSuchCampaign->'));
    expect(parked!.reason).toMatch(/^Call Disposition: the platform refused \("0"\).*The platform answered "0" 5 times in a row/);
    expect((await simState(sim)).dispositions).toEqual([]);

    signedInAs = 'bruno.diaz'; // another agent on this computer neither sees nor retries it
    expect(await calls.parkedDispositions()).toEqual([]);
    await expect(calls.retryParked(parked!.id)).rejects.toMatchObject({ detail: { code: 'invalid-request', say: { key: 'calls.err.noParked' } } });

    signedInAs = ana().agent;
    const requestsBefore = (await simState(sim)).requests.filter((r) => r.operation === 'disposition').length;
    const status = await calls.retryParked(parked!.id);
    expect(status.parked).toBe(0);
    expect(status.pending).toBe(1);
    // Still refused (the campaign does not exist): sent again, then parked again after five more refusals in a row.
    await expect.poll(async () => (await calls.outboxStatus()).parked, { timeout: 10_000 }).toBe(1);
    expect((await simState(sim)).requests.filter((r) => r.operation === 'disposition').length).toBeGreaterThan(requestsBefore);
  });

  it('needs a signed-in agent, and says so for an id that is not parked', async () => {
    await expect(calls.retryParked('no-such-id')).rejects.toMatchObject({ detail: { code: 'invalid-request', field: 'id' } });
    signedInAs = null;
    await expect(calls.parkedDispositions()).rejects.toMatchObject({ detail: { code: 'not-signed-in' } });
    await expect(calls.retryParked('x')).rejects.toMatchObject({ detail: { code: 'not-signed-in' } });
  });
});
