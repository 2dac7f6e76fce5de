// The SIP server's outage controls against the whole simulator, with bare
// WebSocket clients that see every frame: the connection list, dropping an
// agent's connection (both halves or half-open), refusing new connections for
// a while, the RTP-timeout setting, 481 for dialogs the platform does not
// have, and 400s for malformed bodies.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../simulator/index';
import { createSipExtension } from '../../../simulator/sip/sip-extension';
import { until } from '../../support/poll-until';
import { control, startTestSimulator } from '../sim-client';
import { RawSipSocket, sipRequest, statusOf } from './raw-sip-socket';

let sim: Simulator;
let wsUrl: string;
let ana: { phone: string; ha1: string };
const opened: RawSipSocket[] = [];

interface ConnectionView {
  id: string;
  transport: string;
  remoteAddress: string;
  remotePort: number;
  state: string;
  openedAt: string;
  phones: string[];
}

async function open(): Promise<RawSipSocket> {
  const socket = await RawSipSocket.open(wsUrl);
  opened.push(socket);
  return socket;
}

async function connections(): Promise<ConnectionView[]> {
  const answer = await control(sim, 'GET', '/sip/connections');
  expect(answer.status).toBe(200);
  return answer.json as ConnectionView[];
}

const options = (callId: string): string =>
  sipRequest('OPTIONS', 'sip:127.0.0.1', ['To: <sip:127.0.0.1>', 'From: <sip:probe@127.0.0.1>;tag=p1', `Call-ID: ${callId}`, 'CSeq: 1 OPTIONS']);

/** A bare socket's own local port, as the simulator sees the remote port. */
const localPortOf = (socket: RawSipSocket): number => (socket.socket as unknown as { _socket: { localPort: number } })._socket.localPort;

beforeAll(async () => {
  sim = await startTestSimulator({ extensions: [createSipExtension()] });
  wsUrl = (sim.ready.sip as { ws: string }).ws;
  const { password, phone } = sim.ready.credentials.agents.find((a) => a.agent === 'ana.garcia')!;
  ana = { phone, ha1: createHash('md5').update(`${phone}:asterisk:${password}`).digest('hex') };
});

beforeEach(async () => {
  expect((await control(sim, 'POST', '/reset')).status).toBe(200);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((socket) => socket.close()));
});

afterAll(async () => {
  await sim?.close();
});

describe('the registrar forgetting a phone', () => {
  it('drops its bindings but not its connection; a REGISTER over the same socket binds it again', async () => {
    const agent = await open();
    expect(await agent.register(ana.phone, ana.ha1)).toBe(200);
    const listed = (await connections()).find((c) => c.remotePort === localPortOf(agent));

    const forget = await control(sim, 'DELETE', `/sip/registrations/${ana.phone}`);
    expect(forget).toMatchObject({ status: 200, json: { phone: ana.phone, forgotten: true } });
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([]);
    expect(agent.socket.readyState).toBe(agent.socket.OPEN);
    expect((await connections()).find((c) => c.id === listed!.id)).toMatchObject({ state: 'open' });
    expect((await control(sim, 'DELETE', `/sip/registrations/${ana.phone}`)).status).toBe(404);

    expect(await agent.register(ana.phone, ana.ha1)).toBe(200);
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([expect.objectContaining({ phone: ana.phone })]);
  });
});

describe('dropping an agent connection', () => {
  it('half-open: the socket stays open but nothing is answered, the binding is gone, and a later close is quiet', async () => {
    const agent = await open();
    const witness = await open();
    expect(await agent.register(ana.phone, ana.ha1)).toBe(200);
    const listed = (await connections()).find((c) => c.remotePort === localPortOf(agent));
    expect(listed).toMatchObject({ transport: 'ws', remoteAddress: expect.stringContaining('127.0.0.1'), state: 'open', phones: [ana.phone] });

    const drop = await control(sim, 'POST', `/sip/agents/${ana.phone}/drop`, { mode: 'half-open' });
    expect(drop.status).toBe(200);
    expect(drop.json).toEqual({ phone: ana.phone, mode: 'half-open', dropped: [expect.objectContaining({ id: listed!.id, phones: [ana.phone] })] });
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([]);
    expect((await connections()).find((c) => c.id === listed!.id)).toMatchObject({ state: 'half-open', phones: [ana.phone] });

    // The same three probes on both sockets; the witness's answers bound the wait for the silent one.
    const agentFrames = agent.frames.length;
    const witnessFrames = witness.frames.length;
    let agentPongs = 0;
    let witnessPongs = 0;
    agent.socket.on('pong', () => agentPongs++);
    witness.socket.on('pong', () => witnessPongs++);
    for (const socket of [agent, witness]) {
      socket.send('\r\n\r\n');
      socket.send(socket.registerRequest(ana.phone));
      socket.socket.ping();
    }
    expect(await witness.next((f) => f === '\r\n', 5_000, witnessFrames)).toBe('\r\n');
    expect(statusOf(await witness.next((f) => f.startsWith('SIP/2.0'), 5_000, witnessFrames))).toBe(401);
    await until('the witness hears its WebSocket pong', async () => witnessPongs, (n) => n > 0, { timeoutMs: 5_000 });
    expect(await agent.next(() => true, 300, agentFrames)).toBeUndefined();
    expect(agentPongs).toBe(0);
    expect(agent.socket.readyState).toBe(agent.socket.OPEN);

    await agent.close();
    await until('the closed socket leaves the list', connections, (list) => !list.some((c) => c.id === listed!.id), { timeoutMs: 5_000 });
    expect((await control(sim, 'POST', `/sip/agents/${ana.phone}/drop`, { mode: 'half-open' })).status).toBe(409);
    // Its siblings did not notice.
    const probe = witness.frames.length;
    witness.send(options('after-half-open'));
    expect(statusOf(await witness.next((f) => f.includes('after-half-open'), 5_000, probe))).toBe(200);
  });

  it('both halves: the agent sees its WebSocket close and the binding goes', async () => {
    const agent = await open();
    expect(await agent.register(ana.phone, ana.ha1)).toBe(200);
    const closed = new Promise<number>((resolve) => agent.socket.once('close', (code) => resolve(code)));
    const drop = await control(sim, 'POST', `/sip/agents/${ana.phone}/drop`, { mode: 'both' });
    expect(drop.status).toBe(200);
    expect((drop.json as { dropped: unknown[] }).dropped).toHaveLength(1);
    // 1006: the TCP connection went without a WebSocket close frame.
    expect(await closed).toBe(1006);
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([]);
    await until('the list forgets it', connections, (list) => list.length === 0, { timeoutMs: 5_000 });
  });

  it('answers 404 for an unknown phone and 409 for a phone without a connection', async () => {
    expect((await control(sim, 'POST', '/sip/agents/9999/drop', { mode: 'both' })).status).toBe(404);
    const answer = await control(sim, 'POST', `/sip/agents/${ana.phone}/drop`, { mode: 'both' });
    expect(answer.status).toBe(409);
    expect((answer.json as { error: string }).error).toContain(ana.phone);
  });
});

describe('refusing new connections', () => {
  it('refuses new connections for the given seconds, keeps the existing ones, and listens again by itself', async () => {
    const existing = await open();
    const answer = await control(sim, 'POST', '/sip/refuse', { seconds: 1 });
    expect(answer.status).toBe(200);
    expect(Date.parse((answer.json as { refusingUntil: string }).refusingUntil)).toBeGreaterThan(Date.now());
    await expect(RawSipSocket.open(wsUrl)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const before = existing.frames.length;
    existing.send(options('while-refusing'));
    expect(statusOf(await existing.next((f) => f.includes('while-refusing'), 5_000, before))).toBe(200);
    const back = await until(
      'a new connection is accepted again',
      () => RawSipSocket.open(wsUrl).then((socket) => socket, () => undefined),
      (socket) => socket !== undefined,
      { timeoutMs: 5_000, intervalMs: 100 },
    );
    opened.push(back!);
  });
});

describe('dialogs the platform does not have', () => {
  it('answers 481 to in-dialog requests for an unknown call, and a 401 challenge to an INVITE from an agent without credentials', async () => {
    const agent = await open();
    const headers = (method: string, toTag?: string): string[] => [
      `To: <sip:platform@127.0.0.1>${toTag ? `;tag=${toTag}` : ''}`,
      `From: <sip:${ana.phone}@127.0.0.1>;tag=a1`,
      'Call-ID: long-gone-call@raw.invalid',
      `CSeq: 7 ${method}`,
      `Contact: <sip:${agent.contactUser}@raw.invalid;transport=ws>`,
    ];
    for (const method of ['INVITE', 'BYE', 'INFO']) {
      const from = agent.frames.length;
      agent.send(sipRequest(method, 'sip:platform@127.0.0.1', headers(method, 'gone')));
      const reply = await agent.next((f) => f.includes(`CSeq: 7 ${method}`), 5_000, from);
      expect(reply?.split('\r\n')[0]).toBe('SIP/2.0 481 Call/Transaction Does Not Exist');
    }
    const from = agent.frames.length;
    agent.send(sipRequest('INVITE', 'sip:099123456@127.0.0.1', headers('INVITE')));
    const challenge = await agent.next((f) => f.includes('CSeq: 7 INVITE'), 5_000, from);
    expect(statusOf(challenge)).toBe(401);
    expect(challenge).toMatch(/WWW-Authenticate: Digest realm="asterisk"/);
  });
});

describe('the RTP timeout setting', () => {
  it('is 30 s by default, changes at runtime, and goes back to the option on reset', async () => {
    expect((await control(sim, 'GET', '/sip/settings')).json).toEqual({ rtpTimeoutSeconds: 30 });
    expect((await control(sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 0 })).json).toEqual({ rtpTimeoutSeconds: 0 });
    expect((await control(sim, 'GET', '/sip/settings')).json).toEqual({ rtpTimeoutSeconds: 0 });
    await control(sim, 'POST', '/reset');
    expect((await control(sim, 'GET', '/sip/settings')).json).toEqual({ rtpTimeoutSeconds: 30 });
  });
});

describe('malformed bodies to the outage routes', () => {
  it.each([
    ['/sip/agents/1001/drop', { mode: 'sideways' }],
    ['/sip/agents/1001/drop', undefined],
    ['/sip/refuse', { seconds: 0 }],
    ['/sip/refuse', { seconds: 601 }],
    ['/sip/refuse', { seconds: 1.5 }],
    ['/sip/refuse', { seconds: '5' }],
    ['/sip/settings', { rtpTimeoutSeconds: -1 }],
    ['/sip/settings', { rtpTimeoutSeconds: 3601 }],
    ['/sip/settings', { rtpTimeoutSeconds: 30, extra: true }],
    ['/restart', { downSeconds: 301 }],
    ['/restart', { mode: 'soft' }],
    ['/restart', { downSeconds: -1 }],
  ])('POST %s %j → 400 with a message, nothing changed', async (path, body) => {
    const answer = await control(sim, 'POST', path, body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(/takes \{/);
    expect((await control(sim, 'GET', '/sip/settings')).json).toEqual({ rtpTimeoutSeconds: 30 });
    const socket = await open();
    socket.send(options(`after-${path}`));
    expect(statusOf(await socket.next((f) => f.includes('OPTIONS'), 5_000))).toBe(200);
  });
});
