// Authentication, agents, log out, create agent and add to campaign, over raw HTTP.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { operationIds, operationPaths } from '../../simulator/operations/operation-ids';
import { clientToken, post, simState, simulatorPerFile } from './sim-client';

const env = simulatorPerFile();

const ana = () => env.sim.ready.credentials.agents.find((a) => a.agent === 'ana.garcia')!;

function createRecord(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    LogLevel: 'SEVERE', allow: 'alaw;ulaw', id: 407, context: 'agentes', did: '', email: '', canreinvite: '', insecure: '',
    mailbox: '', pickupgroup: '', callgroup: '', port: '', outboundproxy: '', disallow: 'all', dtmfmode: 'rfc2833',
    encryption: 'yes', host: 'dynamic', language: 'es', nat: 'yes', phonetype: 'SoftPhone', qualify: 'yes', record: 'agent',
    subscribecontext: 'default', transport: 'wss', type: 'friend', limite: '0',
    accountcode: 'diego.sosa', secret: 'Diego-2001', fullname: 'Diego Sosa', name: '2001', callerid: '2001', defaultuser: '2001',
    ...over,
  };
}

describe('HTTP conventions', () => {
  it('answers 405 to every operation called with another method than POST', async () => {
    for (const id of operationIds) {
      const res = await fetch(env.sim.baseUrl + operationPaths[id], { method: 'GET' });
      expect(res.status, id).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      await res.text();
    }
  });

  it('answers 404 to an unknown path', async () => {
    const res = await fetch(`${env.sim.baseUrl}/Integra/resources/nothing/here`, { method: 'POST' });
    expect(res.status).toBe(404);
    await res.text();
  });

  it('answers 0 with HTTP 200 to every authorized operation without a token or with an unknown one', async () => {
    for (const id of operationIds.filter((o) => o !== 'clientAuth' && o !== 'agentLogin')) {
      for (const token of [undefined, 'bm90LWEtdG9rZW4=']) {
        const answer = await post(env.sim, id, id === 'getDialers' ? undefined : { agent: 'ana.garcia' }, token);
        expect([answer.status, answer.text], `${id} ${token ?? 'no token'}`).toEqual([200, '0']);
        expect(answer.contentType).toMatch(/^text\/plain/);
      }
    }
  });
  it('answers 0 to a form body over the cap and to a body that is not form-encoded', async () => {
    const token = await clientToken(env.sim);
    const big = await fetch(env.sim.baseUrl + operationPaths.createAgent, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${token}` },
      body: `phone=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    expect([big.status, await big.text()]).toEqual([200, '0']);
    const json = await fetch(env.sim.baseUrl + operationPaths.clientAuth, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(env.sim.ready.credentials.apiUser),
    });
    expect(await json.text()).toBe('0');
    const reasons = (await simState(env.sim)).requests.map((r) => r.reason);
    expect(reasons).toEqual([undefined, expect.stringContaining('larger than'), expect.stringContaining('content type')]);
  });
});

describe('Client Authentication', () => {
  it('gives a base64-looking token for the API user, and a new one each time', async () => {
    const a = await clientToken(env.sim);
    const b = await clientToken(env.sim);
    expect(a).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(a).not.toBe(b);
    const state = await simState(env.sim);
    expect(state.sessions.filter((s) => s.kind === 'client' && s.subject === 'supervisor')).toHaveLength(2);
  });

  it('answers 0 to a wrong password, an unknown user and missing fields', async () => {
    expect((await post(env.sim, 'clientAuth', { user: 'supervisor', password: 'wrong' })).text).toBe('0');
    expect((await post(env.sim, 'clientAuth', { user: 'nobody', password: 'x' })).text).toBe('0');
    expect((await post(env.sim, 'clientAuth', {})).text).toBe('0');
  });
});

describe('Agent Authentication', () => {
  it('logs the agent in and returns every field of the Agent record with a token', async () => {
    const answer = await post(env.sim, 'agentLogin', { agent: 'ana.garcia', password: ana().password });
    const record = JSON.parse(answer.text) as Record<string, unknown>;
    const fields = ['id', 'name', 'host', 'nat', 'type', 'accountcode', 'callgroup', 'callerid', 'canreinvite', 'context', 'dtmfmode',
      'insecure', 'language', 'mailbox', 'md5secret', 'pickupgroup', 'qualify', 'secret', 'disallow', 'allow', 'port', 'defaultuser',
      'subscribecontext', 'record', 'email', 'phonetype', 'LogLevel', 'limite', 'transport', 'encryption', 'did', 'outboundproxy',
      'fullname', 'token'];
    expect(Object.keys(record).sort()).toEqual([...fields].sort());
    expect(record).toMatchObject({
      name: '1001', host: '127.0.0.1', accountcode: 'ana.garcia', callerid: '1001', defaultuser: '1001', context: 'agents',
      secret: '', fullname: 'Ana García', transport: 'wss', allow: 'alaw;ulaw', dtmfmode: 'rfc2833',
      md5secret: createHash('md5').update(`1001:asterisk:${ana().password}`).digest('hex'),
    });
    expect(Number.isInteger(record.limite)).toBe(true);
    expect(Number.isInteger(record.id)).toBe(true);
    expect(record.token).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const state = await simState(env.sim);
    expect(state.agents.find((a) => a.accountcode === 'ana.garcia')?.loggedIn).toBe(true);
    // The agent token works on an authorized operation.
    expect((await post(env.sim, 'getDialers', undefined, record.token as string)).text).toMatch(/^\[/);
  });

  it('answers 0 to a wrong password and an unknown agent, and leaves the agent logged out', async () => {
    expect((await post(env.sim, 'agentLogin', { agent: 'ana.garcia', password: 'nope' })).text).toBe('0');
    expect((await post(env.sim, 'agentLogin', { agent: 'zoe', password: 'x' })).text).toBe('0');
    expect((await simState(env.sim)).agents.find((a) => a.accountcode === 'ana.garcia')?.loggedIn).toBe(false);
  });
});

describe('Log Out', () => {
  it('logs the agent out and saves the message and interface', async () => {
    await post(env.sim, 'agentLogin', { agent: 'ana.garcia', password: ana().password });
    const token = await clientToken(env.sim);
    const answer = await post(env.sim, 'logout', { agent: 'ana.garcia', interface: 'SIP/1001', message: 'fin de turno' }, token);
    expect(answer.text).toBe('Success');
    const state = await simState(env.sim);
    expect(state.agents.find((a) => a.accountcode === 'ana.garcia')?.loggedIn).toBe(false);
    expect(state.logouts).toEqual([expect.objectContaining({ agent: 'ana.garcia', interface: 'SIP/1001', message: 'fin de turno' })]);
  });

  it('answers 0 to an unknown agent, a missing agent and an interface of another phone', async () => {
    const token = await clientToken(env.sim);
    expect((await post(env.sim, 'logout', { agent: 'zoe' }, token)).text).toBe('0');
    expect((await post(env.sim, 'logout', { message: 'x' }, token)).text).toBe('0');
    expect((await post(env.sim, 'logout', { agent: 'ana.garcia', interface: 'SIP/1002' }, token)).text).toBe('0');
  });
});

describe('Create Agent', () => {
  it('creates an agent that can then log in with the md5secret of its phone and password', async () => {
    const token = await clientToken(env.sim);
    expect((await post(env.sim, 'createAgent', { phone: JSON.stringify(createRecord()) }, token)).text).toBe('1');
    const login = JSON.parse((await post(env.sim, 'agentLogin', { agent: 'diego.sosa', password: 'Diego-2001' })).text) as Record<string, unknown>;
    expect(login).toMatchObject({ name: '2001', fullname: 'Diego Sosa', md5secret: createHash('md5').update('2001:asterisk:Diego-2001').digest('hex') });
  });

  it('refuses a phone number or user name already in use, missing keys, and a non-numeric phone', async () => {
    const token = await clientToken(env.sim);
    const refused = async (record: Record<string, unknown>) => (await post(env.sim, 'createAgent', { phone: JSON.stringify(record) }, token)).text;
    expect(await refused(createRecord({ name: '1001', callerid: '1001', defaultuser: '1001' }))).toBe('0');
    expect(await refused(createRecord({ accountcode: 'ana.garcia' }))).toBe('0');
    const { transport: _gone, ...missingKey } = createRecord();
    expect(await refused(missingKey)).toBe('0');
    expect(await refused(createRecord({ name: 'abc', callerid: 'abc', defaultuser: 'abc' }))).toBe('0');
    expect((await post(env.sim, 'createAgent', { phone: '{not json' }, token)).text).toBe('0');
    expect((await simState(env.sim)).agents.filter((a) => a.origin === 'create-agent')).toEqual([]);
  });
});

describe('Add Agent to Campaign', () => {
  const member = (over: Record<string, unknown> = {}) => ({ membername: 'carla.mendez', queueName: 'Cobranzas->', interface1: 'SIP/1003', penalty: 0, paused: 0, ...over });

  it('adds each member of the array once', async () => {
    const token = await clientToken(env.sim);
    const body = JSON.stringify([member(), member({ queueName: 'Encuestas->' }), member()]);
    expect((await post(env.sim, 'addQueueMember', { queuemember: body }, token)).text).toBe('1');
    const members = (await simState(env.sim)).queueMembers.filter((m) => m.membername === 'carla.mendez');
    expect(members.map((m) => m.queueName).sort()).toEqual(['Cobranzas->', 'Encuestas->', 'Manual->']);
  });

  it('refuses unknown agents or campaigns and missing keys, adding none of the array', async () => {
    const token = await clientToken(env.sim);
    const { paused: _p, ...noPaused } = member();
    for (const bad of [member({ membername: 'zoe' }), member({ queueName: 'Nada->' }), noPaused, member({ interface1: 'SIP/1001' })]) {
      expect((await post(env.sim, 'addQueueMember', { queuemember: JSON.stringify([member({ queueName: 'Encuestas->' }), bad]) }, token)).text).toBe('0');
    }
    expect((await post(env.sim, 'addQueueMember', { queuemember: '[]' }, token)).text).toBe('0');
    expect((await simState(env.sim)).queueMembers.filter((m) => m.membername === 'carla.mendez')).toHaveLength(1);
  });
});
