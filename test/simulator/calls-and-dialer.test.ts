// Make Call, Hang Up, Add Record to Dialer, Disposition, Get Campaigns and Get Dialers, over raw HTTP.
import { describe, expect, it } from 'vitest';
import type { CallRequested } from '../../simulator/state/events';
import { post, simState, simulatorPerFile } from './sim-client';

const env = simulatorPerFile({ withToken: true });

const callFields = (over: Record<string, string> = {}) => ({
  callerid: '59826001234', agent: 'carla.mendez', phone: '1003', tech: 'SIP', context: 'agentes', outqueue: 'Manual->', destination: '099123456', ...over,
});

describe('Make Call and Hang Up', () => {
  it('returns a new GUID, records the call and emits call-requested; Hang Up ends it once', async () => {
    const events: CallRequested[] = [];
    env.sim.state.on('call-requested', (e) => events.push(e));
    const hangups: { phone: string; guid: string }[] = [];
    env.sim.state.on('hangup-requested', (e) => hangups.push(e));
    const first = await post(env.sim, 'makeCall', callFields(), env.token);
    const second = await post(env.sim, 'makeCall', callFields(), env.token);
    expect(first.text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second.text).not.toBe(first.text);
    expect(events.map((e) => e.guid)).toEqual([first.text, second.text]);
    expect(events[0]).toEqual({ guid: first.text, agent: 'carla.mendez', phone: '1003', destination: '099123456', campaign: 'Manual->', callerid: '59826001234', origin: 'make-call' });

    expect((await post(env.sim, 'hangup', { phone: '1003' }, env.token)).text).toBe('1');
    expect((await post(env.sim, 'hangup', { phone: '1003' }, env.token)).text).toBe('1');
    expect((await post(env.sim, 'hangup', { phone: '1003' }, env.token)).text).toBe('0');
    expect(hangups.map((h) => h.guid)).toEqual([second.text, first.text]);
    const calls = (await simState(env.sim)).calls;
    expect(calls.map((c) => [c.status, c.endedBy])).toEqual([['ended', 'api'], ['ended', 'api']]);
  });

  it('Hang Up answers 0 for a phone without a call and for a missing phone', async () => {
    expect((await post(env.sim, 'hangup', { phone: '1001' }, env.token)).text).toBe('0');
    expect((await post(env.sim, 'hangup', {}, env.token)).text).toBe('0');
  });

  it('Make Call answers 0 to a missing parameter, another agent phone, unknown campaign or wrong tech', async () => {
    const bads: Record<string, string>[] = [{ destination: '' }, { phone: '1001' }, { outqueue: 'Nada->' }, { tech: 'IAX' }, { agent: 'zoe' }, { context: 'x' }];
    for (const bad of bads) {
      expect((await post(env.sim, 'makeCall', callFields(bad), env.token)).text, JSON.stringify(bad)).toBe('0');
    }
    expect((await simState(env.sim)).calls).toEqual([]);
  });

  it('updateCall and activeCallOfPhone serve the SIP side', async () => {
    const guid = (await post(env.sim, 'makeCall', callFields(), env.token)).text;
    env.sim.state.updateCall(guid, { status: 'active', answeredAt: new Date().toISOString() });
    expect(env.sim.state.activeCallOfPhone('1003')?.status).toBe('active');
    env.sim.state.updateCall(guid, { status: 'ended', endedBy: 'customer' });
    expect(env.sim.state.activeCallOfPhone('1003')).toBeUndefined();
  });
});

describe('Add Record to Dialer', () => {
  const task = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ calldate: null, campaign: 'Cobranzas->', destination: '099000111', alternatives: '', agent: '', data: 'deuda=1500', source: 'crm', bulk: false, automatic: true, ...over });

  it('queues records first in, first out, and gives the oldest due one to the dialer', async () => {
    const queued: number[] = [];
    env.sim.state.on('dialer-task-queued', (t) => queued.push(t.id));
    expect((await post(env.sim, 'dialerTask', { call: task({ destination: '099000001' }) }, env.token)).text).toBe('1');
    expect((await post(env.sim, 'dialerTask', { call: task({ destination: '099000002', calldate: '2999-01-01 10:00:00' }) }, env.token)).text).toBe('1');
    expect((await post(env.sim, 'dialerTask', { call: task({ destination: '099000003', agent: '1001' }) }, env.token)).text).toBe('1');
    expect(queued).toEqual([1, 2, 3]);
    const tasks = (await simState(env.sim)).dialerTasks;
    expect(tasks.map((t) => t.destination)).toEqual(['099000001', '099000002', '099000003']);
    expect(tasks[0]?.receivedAt).toMatch(/^\d{4}-/);
    expect(env.sim.state.takeDueDialerTask('Cobranzas->')?.destination).toBe('099000001');
    // The second waits for its calldate, so the third comes next.
    expect(env.sim.state.takeDueDialerTask('Cobranzas->')?.destination).toBe('099000003');
    expect(env.sim.state.takeDueDialerTask('Cobranzas->')).toBeUndefined();
    expect(env.sim.state.takeDueDialerTask('Cobranzas->', new Date('3000-01-01T00:00:00Z'))?.destination).toBe('099000002');
  });

  it('refuses JSON with a missing key, wrong types, an unknown campaign or agent phone', async () => {
    const { source: _s, ...missing } = JSON.parse(task()) as Record<string, unknown>;
    for (const bad of [JSON.stringify(missing), task({ bulk: 'no' }), task({ campaign: 'Nada->' }), task({ agent: '9999' }),
      task({ calldate: '2024-02-31 10:00:00' }), task({ destination: 'abc' }), 'not json']) {
      expect((await post(env.sim, 'dialerTask', { call: bad }, env.token)).text, bad).toBe('0');
    }
    expect((await simState(env.sim)).dialerTasks).toEqual([]);
  });
});

describe('Call Disposition', () => {
  const disposition = (over: Record<string, string> = {}) => ({
    campaign: 'Cobranzas->', agent: 'ana.garcia', callerid: '099000111', guid: 'g-1', l1: 'Contactado', l2: 'Promesa de pago', l3: '',
    d1: '', d2: 'x', comment: 'llamar el lunes', schedule: '2030-05-06 10:00:00', camptoreschedule: 'Cobranzas->', tag: 'vip', ...over,
  });

  it('stores every parameter; a second one for the same guid replaces the first', async () => {
    expect((await post(env.sim, 'disposition', disposition(), env.token)).text).toBe('OK');
    expect((await post(env.sim, 'disposition', disposition({ l1: 'No contesta' }), env.token)).text).toBe('OK');
    const [stored] = (await simState(env.sim)).dispositions;
    expect(stored).toMatchObject({ guid: 'g-1', received: 2, knownCall: false, params: disposition({ l1: 'No contesta' }) });
  });

  it('refuses a missing required parameter, a bad schedule, unknown campaign or agent', async () => {
    const bads: Record<string, string>[] = [{ l1: '' }, { guid: '' }, { schedule: 'mañana' }, { campaign: 'Nada->' }, { agent: 'zoe' }, { camptoreschedule: 'Nada->' }];
    for (const bad of bads) {
      expect((await post(env.sim, 'disposition', disposition(bad), env.token)).text, JSON.stringify(bad)).toBe('0');
    }
    expect((await simState(env.sim)).dispositions).toEqual([]);
  });
});

describe('Get Campaigns and Get Dialers', () => {
  it('return the seeded campaigns and dialers as JSON text with every field', async () => {
    const campaigns = JSON.parse((await post(env.sim, 'getCampaigns', { lastrow: '' }, env.token)).text) as Record<string, unknown>[];
    expect(campaigns.map((c) => c.name)).toEqual(['Soporte<-', 'Cobranzas->', 'Encuestas->', 'Manual->']);
    expect(Object.keys(campaigns[0]!)).toHaveLength(47);
    expect(campaigns.find((c) => c.name === 'Cobranzas->')).toMatchObject({ auto_answer: '1' });
    expect(campaigns.find((c) => c.name === 'Manual->')?.did).toMatch(/^\d+$/);
    const dialers = JSON.parse((await post(env.sim, 'getDialers', undefined, env.token)).text) as Record<string, unknown>[];
    expect(dialers.map((d) => d.campaign)).toEqual(['Cobranzas->', 'Encuestas->']);
    expect(Object.keys(dialers[0]!)).toHaveLength(26);
    expect(JSON.parse(dialers[0]!.recycle as string)).toBeInstanceOf(Array);
  });

  it('answer 0 without a token', async () => {
    expect((await post(env.sim, 'getCampaigns', { lastrow: '' })).text).toBe('0');
    expect((await post(env.sim, 'getDialers')).text).toBe('0');
  });
});
