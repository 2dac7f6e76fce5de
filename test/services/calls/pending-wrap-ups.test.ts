// Finished calls waiting for their disposition are kept by main on disk
// (`<dataDir>/outbox/wrapups.json`): they survive a new service (restart,
// next sign-in) for the same agent, leave when the disposition is in the
// outbox or the agent discards them, and a damaged file is set aside, not lost.
import { english, speak } from '../../../common/i18n/say';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, type SessionView, type WrapUpRecord } from '../../../common/ipc-contract';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createCallsService, type CallsService } from '../../../main/services/calls';
import { openPendingWrapUps } from '../../../main/services/calls/pending-wrap-ups';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { resetSim } from '../../api/sim-control';

let sim: Simulator;
let client: IntegraClient;
let dir: string;
const opened: CallsService[] = [];
const ana = () => sim.ready.credentials.agents[0]!;
const as = (name: string) => (): SessionView => ({
  ...SIGNED_OUT, state: 'signed-in', instanceUrl: sim.baseUrl,
  agent: { name, fullname: name, extension: ana().phone, campaigns: [] },
});
let signedInAs: (() => SessionView) | null = null;

function service(): CallsService {
  const view = () => signedInAs?.() ?? SIGNED_OUT;
  const calls = createCallsService({
    session: { view, client: () => (view().state === 'signed-in' ? client : null) },
    dataDir: dir,
    agentContext: () => null,
    outboxBackoff: { firstMs: 50, factor: 2, capMs: 200, jitter: 0 },
  });
  opened.push(calls);
  return calls;
}

const wrapUp = (guid: string, endedAt: string): WrapUpRecord => ({
  guid, campaign: 'Manual->', callerid: '099123456', destination: '099123456', startedAt: '2026-11-21T09:59:00.000Z', endedAt,
});
const disposition = (guid: string) => ({ guid, campaign: 'Manual->', callerid: '099123456', l1: 'Contactado', l2: '', l3: '', d1: '', d2: '', comment: '', tag: '', schedule: '', camptoreschedule: '' });

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
beforeEach(async () => {
  await resetSim(sim);
  dir = mkdtempSync(join(tmpdir(), 'wrap-ups-'));
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  await client.agentAuthenticate({ agent: ana().agent, password: ana().password });
  signedInAs = as(ana().agent);
});
afterEach(async () => {
  for (const calls of opened.splice(0)) await calls.close();
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await sim?.close();
});

describe('pending wrap-ups', () => {
  it('are kept on disk and come back, oldest first, in a new service for the same agent only', async () => {
    const first = service();
    await first.keepWrapUp(wrapUp('g-later', '2026-11-21T10:05:00.000Z'));
    await first.keepWrapUp(wrapUp('g-earlier', '2026-11-21T10:00:00.000Z'));
    await first.keepWrapUp(wrapUp('g-later', '2026-11-21T10:05:00.000Z')); // the same call again: kept once
    await first.close();

    const again = service();
    expect((await again.pendingWrapUps()).map((w) => w.guid)).toEqual(['g-earlier', 'g-later']);
    expect(await again.pendingWrapUps()).toContainEqual(wrapUp('g-earlier', '2026-11-21T10:00:00.000Z'));
    expect(JSON.parse(readFileSync(join(dir, 'outbox', 'wrapups.json'), 'utf8')).wrapUps).toHaveLength(2);
    // Another agent signing in on this computer does not get Ana's calls.
    signedInAs = as('bruno.diaz');
    expect(await again.pendingWrapUps()).toEqual([]);
  });

  it('keeps how a call ended when the network dropped it (end: dropped-by-network), also for the next service', async () => {
    const first = service();
    const dropped: WrapUpRecord = { ...wrapUp('g-dropped', '2026-11-21T10:00:00.000Z'), end: 'dropped-by-network' };
    expect(await first.keepWrapUp(dropped)).toEqual([dropped]);
    await first.keepWrapUp(wrapUp('g-plain', '2026-11-21T10:01:00.000Z'));
    await first.close();
    const listed = await service().pendingWrapUps();
    expect(listed).toEqual([dropped, wrapUp('g-plain', '2026-11-21T10:01:00.000Z')]);
    expect(listed[1]).not.toHaveProperty('end'); // a plain hang-up carries none
  });

  it('a submitted disposition removes its wrap-up, also for the next service', async () => {
    const first = service();
    await first.keepWrapUp(wrapUp('g-1', '2026-11-21T10:00:00.000Z'));
    await first.keepWrapUp(wrapUp('g-2', '2026-11-21T10:01:00.000Z'));
    await first.submitDisposition(disposition('g-1'));
    expect((await first.pendingWrapUps()).map((w) => w.guid)).toEqual(['g-2']);
    await first.close();
    expect((await service().pendingWrapUps()).map((w) => w.guid)).toEqual(['g-2']);
  });

  it('a discarded wrap-up is gone for good', async () => {
    const first = service();
    await first.keepWrapUp(wrapUp('g-1', '2026-11-21T10:00:00.000Z'));
    expect(await first.discardWrapUp('g-1')).toEqual([]);
    await first.close();
    expect(await service().pendingWrapUps()).toEqual([]);
  });

  it('a call cut by the sign-out is still kept for the agent who had it (signing out, or just signed out)', async () => {
    const calls = service();
    await calls.pendingWrapUps(); // the agent was seen signed in
    const agentView = as(ana().agent)();
    signedInAs = () => ({ ...agentView, state: 'signing-out' });
    await calls.keepWrapUp(wrapUp('g-cut', '2026-11-21T10:00:00.000Z'));
    signedInAs = null;
    await calls.keepWrapUp(wrapUp('g-late', '2026-11-21T10:00:01.000Z'));
    signedInAs = as(ana().agent);
    expect((await service().pendingWrapUps()).map((w) => w.guid)).toEqual(['g-cut', 'g-late']);
  });

  it('needs a signed-in agent', async () => {
    signedInAs = null;
    await expect(service().keepWrapUp(wrapUp('g-1', '2026-11-21T10:00:00.000Z'))).rejects.toMatchObject({ detail: { code: 'not-signed-in' } });
  });

  it('a damaged file is set aside (kept for support) and reported, and the list starts empty', () => {
    mkdirSync(join(dir, 'outbox'), { recursive: true });
    writeFileSync(join(dir, 'outbox', 'wrapups.json'), '{"version":1,"wrapUps":[{"guid":');
    const store = openPendingWrapUps(join(dir, 'outbox'), () => new Date('2026-11-21T10:00:00.000Z'));
    expect(store.list(ana().agent)).toEqual([]);
    expect(store.problem?.key).toBe('calls.setup.wrapUpsUnreadable');
    expect(store.problem && english(store.problem)).toMatch(/could not be read .* kept as .*wrapups\.json\.corrupt-2026-11-21T10-00-00-000Z/u);
    expect(readdirSync(join(dir, 'outbox'))).toContain('wrapups.json.corrupt-2026-11-21T10-00-00-000Z');
  });

  it('the calls setup tells the agent when the list was damaged', async () => {
    mkdirSync(join(dir, 'outbox'), { recursive: true });
    writeFileSync(join(dir, 'outbox', 'wrapups.json'), 'not json');
    const setup = await service().setup();
    expect(setup.problem).toMatch(/calls waiting for a disposition could not be read/u);
    // Said in the agent's language: the page shows the message key, not main's English.
    expect(setup.problemsSaid.map((say) => say.key)).toEqual(['calls.setup.wrapUpsUnreadable']);
    expect(speak('es', setup.problemsSaid[0]!)).toMatch(/^No se pudo leer la lista de llamadas que esperan su calificación \(.+\)\. Se guardó como .*wrapups\.json\.corrupt-/u);
  });
});
