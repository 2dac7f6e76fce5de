// The control API: secret, state, reset, faults of every kind, extensions.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isLoopback } from '../../simulator/control/control-request';
import type { SimulatorExtension } from '../../simulator/extension';
import type { Simulator } from '../../simulator/index';
import { clientToken, control, post, simState, startTestSimulator } from './sim-client';
import { operationPaths } from '../../simulator/operations/operation-ids';

let sim: Simulator;
let closedExtensions = 0;
const probe: SimulatorExtension = {
  name: 'probe',
  async start(ctx) {
    ctx.control.route('GET', '/__sim/probe/:id', ({ params }) => ({ json: { id: params.id, agents: ctx.state.agents.all().length, host: ctx.host } }));
    return { ready: { probe: { dataDir: ctx.dataDir } }, close: async () => void closedExtensions++ };
  },
};

beforeAll(async () => {
  sim = await startTestSimulator({ extensions: [probe] });
});
afterAll(async () => {
  await sim.close();
  expect(closedExtensions).toBe(1);
});
beforeEach(async () => {
  await control(sim, 'POST', '/reset');
});

const fault = (body: Record<string, unknown>) => control(sim, 'POST', '/faults', body);

describe('control API access', () => {
  it('requires the secret', async () => {
    expect((await control(sim, 'GET', '/state', undefined, 'wrong')).status).toBe(403);
    const res = await fetch(`${sim.control.url}/state`);
    expect(res.status).toBe(403);
    await res.text();
    expect((await control(sim, 'GET', '/state')).status).toBe(200);
  });

  it('knows loopback addresses from others', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::ffff:192.168.1.2', '', undefined].map(isLoopback)).toEqual([false, false, false, false]);
  });

  it('answers 404 and 405 for unknown routes and methods, 400 for a body that is not JSON', async () => {
    expect((await control(sim, 'GET', '/nothing')).status).toBe(404);
    expect((await control(sim, 'DELETE', '/state')).status).toBe(405);
    const res = await fetch(`${sim.control.url}/faults`, { method: 'POST', headers: { 'x-sim-secret': sim.control.secret }, body: '{' });
    expect(res.status).toBe(400);
    await res.text();
  });

  it('serves routes that extensions add and merges their ready objects', async () => {
    expect(sim.ready.probe).toEqual({ dataDir: sim.dataDir });
    expect((await control(sim, 'GET', '/probe/abc')).json).toEqual({ id: 'abc', agents: 3, host: '127.0.0.1' });
  });
});

describe('state and reset', () => {
  it('shows every collection and goes back to the seed on reset', async () => {
    const token = await clientToken(sim);
    await post(sim, 'makeCall', { callerid: '59826001234', agent: 'carla.mendez', phone: '1003', tech: 'SIP', context: 'agentes', outqueue: 'Manual->', destination: '099123456' }, token);
    const before = await simState(sim);
    for (const key of ['sessions', 'agents', 'campaigns', 'dialers', 'queueMembers', 'calls', 'dialerTasks', 'lists', 'dispositions', 'logouts', 'requests']) {
      expect(before, key).toHaveProperty(key);
    }
    expect(before.calls).toHaveLength(1);
    await fault({ operation: 'getDialers', kind: 'http500' });
    expect((await control(sim, 'POST', '/reset')).status).toBe(200);
    const after = await simState(sim);
    expect([after.calls, after.sessions, after.requests]).toEqual([[], [], []]);
    expect((await control(sim, 'GET', '/faults')).json).toEqual([]);
    expect((await post(sim, 'getDialers', undefined, token)).text).toBe('0'); // tokens are gone too
  });
});

describe('agent password reset', () => {
  it('makes sign-in and the SIP digest want the new password, until reset', async () => {
    const agent = sim.ready.credentials.agents[0]!;
    const before = sim.state.agents.byUserName(agent.agent)!.md5secret;
    expect((await control(sim, 'POST', `/agents/${agent.agent}/password`, { password: 'nueva-clave-1' })).status).toBe(200);
    expect((await post(sim, 'agentLogin', { agent: agent.agent, password: agent.password })).text).toBe('0');
    expect((await post(sim, 'agentLogin', { agent: agent.agent, password: 'nueva-clave-1' })).text).not.toBe('0');
    expect(sim.state.agents.byUserName(agent.agent)!.md5secret).not.toBe(before);
    await control(sim, 'POST', '/reset');
    expect(sim.state.agents.byUserName(agent.agent)!.md5secret).toBe(before);
  });

  it('answers 404 for an unknown agent and 400 for a missing password', async () => {
    expect((await control(sim, 'POST', '/agents/nobody/password', { password: 'x' })).status).toBe(404);
    expect((await control(sim, 'POST', `/agents/${sim.ready.credentials.agents[0]!.agent}/password`, {})).status).toBe(400);
  });
});

describe('faults', () => {
  it('refuses an unknown operation or kind', async () => {
    expect((await fault({ operation: 'nothing', kind: 'drop' })).status).toBe(400);
    expect((await fault({ operation: 'getDialers', kind: 'explode' })).status).toBe(400);
  });

  it('http500: HTTP 500 with a text body, for `count` requests, then normal', async () => {
    const token = await clientToken(sim);
    await fault({ operation: 'getDialers', kind: 'http500', count: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await post(sim, 'getDialers', undefined, token);
      expect([answer.status, answer.contentType.startsWith('text/plain')]).toEqual([500, true]);
    }
    expect((await post(sim, 'getDialers', undefined, token)).status).toBe(200);
  });

  it('html: HTTP 200 with an HTML error page', async () => {
    await fault({ operation: 'clientAuth', kind: 'html' });
    const answer = await post(sim, 'clientAuth', sim.ready.credentials.apiUser);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/html/);
    expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  });

  it('drop: the connection is destroyed without an answer', async () => {
    await fault({ operation: 'clientAuth', kind: 'drop' });
    await expect(post(sim, 'clientAuth', sim.ready.credentials.apiUser)).rejects.toThrow();
    expect((await post(sim, 'clientAuth', sim.ready.credentials.apiUser)).text).not.toBe('0');
  });

  it('truncated: the normal body cut in half', async () => {
    const token = await clientToken(sim);
    const full = (await post(sim, 'getCampaigns', { lastrow: '' }, token)).text;
    await fault({ operation: 'getCampaigns', kind: 'truncated' });
    const cut = (await post(sim, 'getCampaigns', { lastrow: '' }, token)).text;
    expect(cut).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(() => JSON.parse(cut)).toThrow();
  });

  it('expired-token: tokens issued before stop working; a new authentication works', async () => {
    const token = await clientToken(sim);
    await fault({ operation: 'getDialers', kind: 'expired-token' });
    expect((await post(sim, 'getDialers', undefined, token)).text).toBe('0');
    expect((await post(sim, 'getCampaigns', { lastrow: '' }, token)).text).toBe('0');
    const fresh = await clientToken(sim);
    expect((await post(sim, 'getDialers', undefined, fresh)).text).toMatch(/^\[/);
  });

  it('expired-token on an authentication still answers it', async () => {
    await fault({ operation: 'clientAuth', kind: 'expired-token' });
    const token = await clientToken(sim);
    expect((await post(sim, 'getDialers', undefined, token)).text).toMatch(/^\[/);
  });

  it('delay: holds the answer back while other requests are answered, then answers normally', async () => {
    const token = await clientToken(sim);
    // Ordering, not timing: a long delay is still pending after another
    // operation's request has been answered in full.
    await fault({ operation: 'getDialers', kind: 'delay', delayMs: 5_000 });
    let delayedSettled = false;
    const held = new AbortController();
    const delayed = fetch(sim.baseUrl + operationPaths.getDialers, {
      method: 'POST', headers: { authorization: `Basic ${token}` }, signal: held.signal,
    }).then(() => { delayedSettled = true; }, () => undefined);
    expect((await post(sim, 'getCampaigns', { lastrow: '' }, token)).text).toMatch(/^\[/);
    expect(delayedSettled).toBe(false);
    held.abort();
    await delayed;
    // A short delay still ends in the operation's normal answer.
    await fault({ operation: 'getDialers', kind: 'delay', delayMs: 20 });
    expect((await post(sim, 'getDialers', undefined, token)).text).toMatch(/^\[/);
    // The request the client gave up on is not logged (no answer was sent).
    const log = (await simState(sim)).requests.filter((r) => r.operation === 'getDialers');
    expect(log.map((r) => r.fault)).toEqual(['delay']);
  });

  it('DELETE /__sim/faults clears pending faults', async () => {
    await fault({ operation: 'clientAuth', kind: 'http500', count: 5 });
    expect((await control(sim, 'DELETE', '/faults')).status).toBe(200);
    expect((await post(sim, 'clientAuth', sim.ready.credentials.apiUser)).status).toBe(200);
  });
});

describe('pause and resume', () => {
  it('refuses connections while paused and answers again on the same port', async () => {
    const token = await clientToken(sim);
    await sim.pauseHttp();
    await expect(post(sim, 'getDialers', undefined, token)).rejects.toThrow();
    await sim.resumeHttp();
    expect((await post(sim, 'getDialers', undefined, token)).text).toMatch(/^\[/);
  });
});
