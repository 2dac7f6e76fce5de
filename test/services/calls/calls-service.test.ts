// The calls service over the real Integra client against the in-process
// simulator: what the agent can call through, Make Call with the agent's own
// fields (context from the agent record), the API's Hang Up Call, and
// dispositions through the outbox journal in the data folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speak } from '../../../common/i18n/say';
import { callsSetupSchema, IpcFailure, SIGNED_OUT, type SessionView } from '../../../common/ipc-contract';
import { createIntegraClient, type IntegraClient } from '../../../main/api';
import { createCallsService, tapAgentRecords, type CallsService } from '../../../main/services/calls';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { control, resetSim, simState } from '../../api/sim-control';

interface StoredDisposition { guid: string; params: Record<string, string>; received: number }
const stored = async (guid: string) => ((await simState(sim)).dispositions as unknown as StoredDisposition[]).find((d) => d.guid === guid);

let sim: Simulator;
let client: IntegraClient;
let dir: string;
let calls: CallsService | null = null;
const contexts = new Map<string, string>();
const ana = () => sim.ready.credentials.agents[0]!;
const signedIn = (): SessionView => ({
  ...SIGNED_OUT, state: 'signed-in', instanceUrl: sim.baseUrl,
  agent: { name: ana().agent, fullname: 'Ana', extension: ana().phone, campaigns: [] },
});

function service(view: () => SessionView = signedIn): CallsService {
  calls = createCallsService({
    session: { view, client: () => (view().state === 'signed-in' ? client : null) },
    dataDir: dir,
    agentContext: (phone) => contexts.get(phone) ?? null,
    outboxBackoff: { firstMs: 50, factor: 2, capMs: 200, jitter: 0 },
  });
  return calls;
}

async function failure(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error: unknown = await promise.then(() => new Error('expected a failure'), (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
beforeEach(async () => {
  await resetSim(sim);
  dir = mkdtempSync(join(tmpdir(), 'calls-service-'));
  contexts.clear();
  // The session's client factory, tapped as the composition roots do: Agent Authentication's record gives the context.
  client = await tapAgentRecords(({ baseUrl }) => createIntegraClient({ baseUrl }), (r) => r && contexts.set(r.phone, r.context))({ baseUrl: sim.baseUrl });
  await client.agentAuthenticate({ agent: ana().agent, password: ana().password });
});
afterEach(async () => {
  await calls?.close();
  calls = null;
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await sim?.close();
});

describe('calls service', () => {
  it('offers the campaigns with a DID, preselects the manual one, lists auto-answer campaigns, dialers and the choices', async () => {
    const setup = await service().setup();
    expect(setup.manualCampaigns).toEqual([{ name: 'Manual->', did: '59826001234' }, { name: 'Soporte<-', did: '59829001000' }]);
    expect(setup.lastCampaign).toBe('Manual->');
    expect(setup.autoAnswerCampaigns).toEqual(['Cobranzas->']);
    expect(setup.dialers).toEqual(['Cobranzas->', 'Encuestas->']);
    expect(setup.dispositionChoices['Cobranzas->']?.l2).toContain('Promesa de pago');
    expect(setup.dispositionChoices['*']?.l1.length).toBeGreaterThan(0);
    expect(setup.problem).toBeNull();
    // The seed's transferCampaigns: each campaign may go to the other (issue 22).
    expect(setup.transferCampaigns).toEqual({ 'Soporte<-': ['Cobranzas->'], 'Cobranzas->': ['Soporte<-'] });
    expect(setup.recentTransferTargets).toEqual([]);
  });

  it('keeps where the agent transferred last, newest first, across runs (issue 22)', async () => {
    const at = new Date().toISOString();
    const finished = (id: string, target: { kind: 'extension'; extension: string }) => ({
      id, guid: `g-${id}`, caller: '099', campaign: 'Soporte<-', offeredAt: at, endedAt: at, talkSeconds: 5,
      outcome: 'transferred' as const, transfer: { target, name: '', at, mode: 'blind' as const },
    });
    await service().recordFinished(finished('a', { kind: 'extension', extension: '1002' }));
    await calls?.recordFinished(finished('b', { kind: 'extension', extension: '1003' }));
    await calls?.recordFinished(finished('c', { kind: 'extension', extension: '1002' }));
    await calls?.close();
    expect((await service().setup()).recentTransferTargets).toEqual([{ kind: 'extension', extension: '1002' }, { kind: 'extension', extension: '1003' }]);
    const history = await calls?.recentCalls();
    expect(history?.find((c) => c.id === 'a')).toMatchObject({ outcome: 'transferred', transfer: { target: { extension: '1002' } } });
  });

  it('keeps a finished call\'s quality timeline apart from its record, for the chart and the bundle (issue 26)', async () => {
    const at = new Date().toISOString();
    const quality = { startedAt: at, everySeconds: 5, droppedPoints: 0, pairs: [], points: [{ atSeconds: 5, packets: 250, lossPercent: 1.2, jitterMs: 3, rttMs: 40, mos: 4.3 }] };
    const history = await service().recordFinished({ id: 'q-1', guid: 'g-q', caller: '099', campaign: null, offeredAt: at, endedAt: at, talkSeconds: 5, outcome: 'answered', quality });
    expect(history.find((c) => c.id === 'q-1')).not.toHaveProperty('quality');
    expect(await calls?.qualityTimeline('q-1')).toEqual(quality);
    expect(await calls?.qualityTimeline('other')).toBeNull();
    expect(calls?.recentTimelines()).toEqual([{ id: 'q-1', timeline: quality, call: { offeredAt: at, caller: '099', campaign: null, outcome: 'answered', talkSeconds: 5 } }]);
  });

  it('Make Call sends the DID, the agent, its phone, SIP, the record context, the campaign and the normalised number', async () => {
    expect(contexts.get(ana().phone)).toBe('agents');
    const placed = await service().makeCall({ campaign: 'Manual->', number: '+598 99-123-456 ext. 42' });
    expect(placed).toMatchObject({ destination: '+59899123456', extension: '42', campaign: 'Manual->', callerid: '59826001234' });
    const call = (await simState(sim)).calls.find((c) => c.guid === placed.guid);
    expect(call).toMatchObject({ agent: ana().agent, phone: ana().phone, destination: '+59899123456', campaign: 'Manual->', callerid: '59826001234' });
    // The context is the record's: one the platform does not know makes it refuse the call.
    contexts.set(ana().phone, 'not-a-context');
    expect(await failure(calls!.makeCall({ campaign: 'Manual->', number: '099123456' }))).toMatchObject({ code: 'platform-error', message: expect.stringMatching(/refused the call to 099123456 through Manual->/) });
    // The choice is remembered across runs (a new service over the same folder).
    await calls!.close();
    expect(JSON.parse(readFileSync(join(dir, 'calls.json'), 'utf8'))).toEqual({ lastCampaign: 'Manual->', recentTransferTargets: [] });
  });

  it('remembers the last campaign and refuses numbers, campaigns without a DID and signed-out agents in plain words', async () => {
    const s = service();
    await s.makeCall({ campaign: 'Soporte<-', number: '099123456' });
    expect((await s.setup()).lastCampaign).toBe('Soporte<-');
    const badNumber = await failure(s.makeCall({ campaign: 'Manual->', number: '099-abc' }));
    expect(badNumber).toMatchObject({ code: 'invalid-request', field: 'number', message: expect.stringMatching(/letters/) });
    expect(badNumber.say && speak('es', badNumber.say)).toBe('El número contiene letras; use solo dígitos.');
    expect((await failure(s.makeCall({ campaign: 'Manual->', number: '12' }))).say).toMatchObject({ key: 'number.problem.too-short', params: { min: '3' } });
    expect(await failure(s.makeCall({ campaign: 'Cobranzas->', number: '099123456' }))).toMatchObject({ code: 'invalid-request', field: 'campaign', message: expect.stringMatching(/no DID/) });
    await calls!.close();
    expect(await failure(service(() => SIGNED_OUT).makeCall({ campaign: 'Manual->', number: '099123456' }))).toMatchObject({ code: 'not-signed-in' });
  });

  it('Make Call refused again right after the app signed in anew names authentication first, then the number and campaign', async () => {
    const s = service();
    // Two expired tokens in a row: the client re-authenticates once, and the retry is refused too.
    await control(sim, 'POST', '/faults', { operation: 'makeCall', kind: 'expired-token', count: 2 });
    const detail = await failure(s.makeCall({ campaign: 'Manual->', number: '099123456' }));
    expect(detail.code).toBe('platform-error');
    expect(detail.message).toBe(
      'Make Call: the platform refused it again right after the app signed in anew, so it may not accept this session. Sign out and sign in again; ' +
        'if it keeps happening, ask your administrator. Otherwise: The platform refused the call to 099123456 through Manual->. Check the number and the campaign, then try again.',
    );
    expect(detail.say && speak('es', detail.say)).toMatch(/^Realizar llamada: la plataforma volvió a rechazarlo justo después de que la aplicación iniciara sesión de nuevo.*Si no es eso: La plataforma rechazó la llamada a 099123456 por Manual->/);
    const operations = (await simState(sim)).requests.map((r) => r.operation);
    expect(operations.filter((op) => op === 'makeCall')).toHaveLength(2);
    expect(operations.filter((op) => op === 'agentLogin')).toHaveLength(2); // the test's sign-in and the one re-authentication
    // One expired token alone is healed without a word.
    await control(sim, 'POST', '/faults', { operation: 'makeCall', kind: 'expired-token', count: 1 });
    await expect(s.makeCall({ campaign: 'Manual->', number: '099123456' })).resolves.toMatchObject({ campaign: 'Manual->' });
  });

  it('Hang Up Call: true when the platform ended a call on the phone, false when it had none', async () => {
    const s = service();
    await s.makeCall({ campaign: 'Manual->', number: '099123456' });
    expect(await s.hangUp()).toEqual({ hungUp: true });
    expect(await s.hangUp()).toEqual({ hungUp: false });
  });

  it('a disposition goes to the journal first and reaches the platform with the agent and the GUID; the status counts it down', async () => {
    const s = service();
    const statuses: number[] = [];
    s.onOutboxStatus((st) => statuses.push(st.pending));
    const { guid } = await s.makeCall({ campaign: 'Manual->', number: '099123456' });
    const saved = await s.submitDisposition({ guid, campaign: 'Manual->', callerid: '099123456', l1: 'Contactado', l2: '', l3: '', d1: '', d2: '', comment: 'ok', tag: '', schedule: '', camptoreschedule: '' });
    expect(saved.status.pending).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await stored(guid))?.params['agent'], { timeout: 5_000 }).toBe(ana().agent);
    await expect.poll(async () => (await s.outboxStatus()).pending).toBe(0);
    expect(statuses).toContain(1);
    expect(statuses.at(-1)).toBe(0);
  });

  it('a disposition saved while signed out waits in the journal and is sent after signing in (a restart replays it)', async () => {
    let view: SessionView = SIGNED_OUT;
    const first = service(() => view);
    // Saving needs a signed-in agent (the agent field is theirs), so sign in, save, then sign out before it can be sent.
    view = signedIn();
    await sim.pauseHttp();
    await first.submitDisposition({ guid: 'g-restart', campaign: 'Manual->', callerid: '099123456', l1: 'Volver a llamar', l2: '', l3: '', d1: '', d2: '', comment: '', tag: '', schedule: '', camptoreschedule: '' });
    await first.close();
    calls = null;
    await sim.resumeHttp();
    view = SIGNED_OUT;
    const second = service(() => view);
    expect((await second.outboxStatus()).pending).toBe(1);
    view = signedIn();
    await expect.poll(async () => (await stored('g-restart'))?.received, { timeout: 5_000 }).toBe(1);
  });

  it('uses disposition choices from the data folder per campaign, and says why a broken file was not used', async () => {
    writeFileSync(join(dir, 'disposition-choices.json'), JSON.stringify({ 'Manual->': { l1: ['Venta', 'Sin venta'] } }));
    const setup = await service().setup();
    expect(setup.dispositionChoices['Manual->']).toEqual({ l1: ['Venta', 'Sin venta'], l2: setup.dispositionChoices['*']!.l2, l3: [] });
    await calls!.close();
    writeFileSync(join(dir, 'disposition-choices.json'), '{"Manual->": {"l1": "Venta"}}');
    const broken = await service().setup();
    expect(broken.problem).toMatch(/disposition-choices\.json were not used .*l1/);
    expect(broken.problemsSaid.map((say) => say.key)).toEqual(['calls.setup.choicesNotUsed']);
    expect(broken.dispositionChoices['Manual->']).toBeUndefined();
  });

  it('keeps a hostile choices file\'s words bounded: the page still reads the setup', async () => {
    // The file names its campaigns: an invalid entry under a 10,000-character name is quoted in the reason.
    writeFileSync(join(dir, 'disposition-choices.json'), JSON.stringify({ ['x'.repeat(10_000)]: { l1: 'not a list' } }));
    const setup = await service().setup();
    expect(setup.problemsSaid.map((say) => say.key)).toEqual(['calls.setup.choicesNotUsed']);
    expect(callsSetupSchema.safeParse(setup).success).toBe(true);
    expect(speak('es', setup.problemsSaid[0]!)?.length).toBeLessThan(2_000);
  });

  it('says why the campaigns could not be listed in the agent\'s language, not in main\'s English', async () => {
    await control(sim, 'POST', '/faults', { operation: 'getCampaigns', kind: 'drop', count: 1 });
    const setup = await service().setup();
    expect(setup.manualCampaigns).toEqual([]);
    expect(setup.problem).toMatch(/^Get Campaigns: /u);
    expect(setup.problemsSaid).toHaveLength(1);
    const spanish = speak('es', setup.problemsSaid[0]!);
    expect(spanish).toMatch(/^Listar campañas: /u);
    expect(spanish).not.toMatch(/Get Campaigns|could not|platform/u);
  });
});
