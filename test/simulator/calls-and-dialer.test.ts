// Make Call, Hang Up, Add Record to Dialer, Disposition, Get Campaigns and Get Dialers, over raw HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../simulator/index';
import type { CallRequested } from '../../simulator/state/events';
import { clientToken, control, post, simState, startTestSimulator } from './sim-client';

let sim: Simulator;
let token: string;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await control(sim, 'POST', '/reset');
  token = await clientToken(sim);
});

const callFields = (over: Record<string, string> = {}) => ({
  callerid: '59826001234', agent: 'carla.mendez', phone: '1003', tech: 'SIP', context: 'agentes', outqueue: 'Manual->', destination: '099123456', ...over,
});

describe('Make Call and Hang Up', () => {
  it('returns a new GUID, records the call and emits call-requested; Hang Up ends it once', async () => {
    const events: CallRequested[] = [];
    sim.state.on('call-requested', (e) => events.push(e));
    const hangups: { phone: string; guid: string }[] = [];
    sim.state.on('hangup-requested', (e) => hangups.push(e));
    const first = await post(sim, 'makeCall', callFields(), token);
    const second = await post(sim, 'makeCall', callFields(), token);
    expect(first.text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second.text).not.toBe(first.text);
    expect(events.map((e) => e.guid)).toEqual([first.text, second.text]);
    expect(events[0]).toEqual({ guid: first.text, agent: 'carla.mendez', phone: '1003', destination: '099123456', campaign: 'Manual->', callerid: '59826001234', origin: 'make-call' });

    expect((await post(sim, 'hangup', { phone: '1003' }, token)).text).toBe('1');
    expect((await post(sim, 'hangup', { phone: '1003' }, token)).text).toBe('1');
    expect((await post(sim, 'hangup', { phone: '1003' }, token)).text).toBe('0');
    expect(hangups.map((h) => h.guid)).toEqual([second.text, first.text]);
    const calls = (await simState(sim)).calls;
    expect(calls.map((c) => [c.status, c.endedBy])).toEqual([['ended', 'api'], ['ended', 'api']]);
  });

  it('Hang Up answers 0 for a phone without a call and for a missing phone', async () => {
    expect((await post(sim, 'hangup', { phone: '1001' }, token)).text).toBe('0');
    expect((await post(sim, 'hangup', {}, token)).text).toBe('0');
  });

  it('Make Call answers 0 to a missing parameter, another agent phone, unknown campaign or wrong tech', async () => {
    const bads: Record<string, string>[] = [{ destination: '' }, { phone: '1001' }, { outqueue: 'Nada->' }, { tech: 'IAX' }, { agent: 'zoe' }, { context: 'x' }];
    for (const bad of bads) {
      expect((await post(sim, 'makeCall', callFields(bad), token)).text, JSON.stringify(bad)).toBe('0');
    }
    expect((await simState(sim)).calls).toEqual([]);
  });

  it('updateCall and activeCallOfPhone serve the SIP side', async () => {
    const guid = (await post(sim, 'makeCall', callFields(), token)).text;
    sim.state.updateCall(guid, { status: 'active', answeredAt: new Date().toISOString() });
    expect(sim.state.activeCallOfPhone('1003')?.status).toBe('active');
    sim.state.updateCall(guid, { status: 'ended', endedBy: 'customer' });
    expect(sim.state.activeCallOfPhone('1003')).toBeUndefined();
  });
});

describe('Add Record to Dialer', () => {
  const task = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ calldate: null, campaign: 'Cobranzas->', destination: '099000111', alternatives: '', agent: '', data: 'deuda=1500', source: 'crm', bulk: false, automatic: true, ...over });

  it('queues records first in, first out, and gives the oldest due one to the dialer', async () => {
    const queued: number[] = [];
    sim.state.on('dialer-task-queued', (t) => queued.push(t.id));
    expect((await post(sim, 'dialerTask', { call: task({ destination: '099000001' }) }, token)).text).toBe('1');
    expect((await post(sim, 'dialerTask', { call: task({ destination: '099000002', calldate: '2999-01-01 10:00:00' }) }, token)).text).toBe('1');
    expect((await post(sim, 'dialerTask', { call: task({ destination: '099000003', agent: '1001' }) }, token)).text).toBe('1');
    expect(queued).toEqual([1, 2, 3]);
    const tasks = (await simState(sim)).dialerTasks;
    expect(tasks.map((t) => t.destination)).toEqual(['099000001', '099000002', '099000003']);
    expect(tasks[0]?.receivedAt).toMatch(/^\d{4}-/);
    expect(sim.state.takeDueDialerTask('Cobranzas->')?.destination).toBe('099000001');
    // The second waits for its calldate, so the third comes next.
    expect(sim.state.takeDueDialerTask('Cobranzas->')?.destination).toBe('099000003');
    expect(sim.state.takeDueDialerTask('Cobranzas->')).toBeUndefined();
    expect(sim.state.takeDueDialerTask('Cobranzas->', new Date('3000-01-01T00:00:00Z'))?.destination).toBe('099000002');
  });

  it('refuses JSON with a missing key, wrong types, an unknown campaign or agent phone', async () => {
    const { source: _s, ...missing } = JSON.parse(task()) as Record<string, unknown>;
    for (const bad of [JSON.stringify(missing), task({ bulk: 'no' }), task({ campaign: 'Nada->' }), task({ agent: '9999' }),
      task({ calldate: '2024-02-31 10:00:00' }), task({ destination: 'abc' }), 'not json']) {
      expect((await post(sim, 'dialerTask', { call: bad }, token)).text, bad).toBe('0');
    }
    expect((await simState(sim)).dialerTasks).toEqual([]);
  });
});

describe('Call Disposition', () => {
  const disposition = (over: Record<string, string> = {}) => ({
    campaign: 'Cobranzas->', agent: 'ana.garcia', callerid: '099000111', guid: 'g-1', l1: 'Contactado', l2: 'Promesa de pago', l3: '',
    d1: '', d2: 'x', comment: 'llamar el lunes', schedule: '2030-05-06 10:00:00', camptoreschedule: 'Cobranzas->', tag: 'vip', ...over,
  });

  it('stores every parameter; a second one for the same guid replaces the first', async () => {
    expect((await post(sim, 'disposition', disposition(), token)).text).toBe('OK');
    expect((await post(sim, 'disposition', disposition({ l1: 'No contesta' }), token)).text).toBe('OK');
    const [stored] = (await simState(sim)).dispositions;
    expect(stored).toMatchObject({ guid: 'g-1', received: 2, knownCall: false, params: disposition({ l1: 'No contesta' }) });
  });

  it('refuses a missing required parameter, a bad schedule, unknown campaign or agent', async () => {
    const bads: Record<string, string>[] = [{ l1: '' }, { guid: '' }, { schedule: 'mañana' }, { campaign: 'Nada->' }, { agent: 'zoe' }, { camptoreschedule: 'Nada->' }];
    for (const bad of bads) {
      expect((await post(sim, 'disposition', disposition(bad), token)).text, JSON.stringify(bad)).toBe('0');
    }
    expect((await simState(sim)).dispositions).toEqual([]);
  });
});

describe('Get Campaigns and Get Dialers', () => {
  it('return the seeded campaigns and dialers as JSON text with every field', async () => {
    const campaigns = JSON.parse((await post(sim, 'getCampaigns', { lastrow: '' }, token)).text) as Record<string, unknown>[];
    expect(campaigns.map((c) => c.name)).toEqual(['Soporte<-', 'Cobranzas->', 'Encuestas->', 'Manual->']);
    expect(Object.keys(campaigns[0]!)).toHaveLength(47);
    expect(campaigns.find((c) => c.name === 'Cobranzas->')).toMatchObject({ auto_answer: '1' });
    expect(campaigns.find((c) => c.name === 'Manual->')?.did).toMatch(/^\d+$/);
    const dialers = JSON.parse((await post(sim, 'getDialers', undefined, token)).text) as Record<string, unknown>[];
    expect(dialers.map((d) => d.campaign)).toEqual(['Cobranzas->', 'Encuestas->']);
    expect(Object.keys(dialers[0]!)).toHaveLength(26);
    expect(JSON.parse(dialers[0]!.recycle as string)).toBeInstanceOf(Array);
  });

  it('answer 0 without a token', async () => {
    expect((await post(sim, 'getCampaigns', { lastrow: '' })).text).toBe('0');
    expect((await post(sim, 'getDialers')).text).toBe('0');
  });
});
