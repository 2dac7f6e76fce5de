// Upstream mode with `register: false`: the originator never REGISTERs and
// only answers Kamailio's 407 challenge to each INVITE. A sip.js agent in Node
// (registered on Kamailio) gets the call with the CTI header and rejects it.
import { Registerer, UserAgent, type Invitation } from 'sip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { startSimulator, type Simulator } from '../../simulator/index';
import { parseUpstreamOptions } from '../../simulator/sip/upstream/upstream-options';
import type { UpstreamStatus } from '../../simulator/sip/upstream/upstream-registration';
import { createUpstreamSipExtension } from '../../simulator/sip/upstream/upstream-sip-extension';
import type { Kamailio } from './kamailio/kamailio-server';
import { ORIGINATOR, startKamailioForSeed } from './support/kamailio-for-seed';
import { until } from '../support/poll-until';
import { control, type SimCall } from './support/sim-control';

let kamailio: Kamailio;
let sim: Simulator;
let client: IntegraClient;
let agentUa: UserAgent;
const invites: Invitation[] = [];

beforeAll(async () => {
  kamailio = await startKamailioForSeed();
  sim = await startSimulator({
    port: 0,
    extensions: [
      createUpstreamSipExtension(
        parseUpstreamOptions({ proxyWsUrl: kamailio.wsUrl, domain: kamailio.domain, username: ORIGINATOR.user, ha1: ORIGINATOR.ha1, register: false }),
      ),
    ],
  });
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  const seeded = sim.ready.credentials.agents[0]!;
  const record = await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password });
  // Node 22's own WebSocket: sip.js opens `new WebSocket(url, 'sip')`.
  agentUa = new UserAgent({
    uri: UserAgent.makeURI(`sip:${record.name}@${kamailio.domain}`),
    transportOptions: { server: kamailio.wsUrl },
    authorizationUsername: record.name,
    authorizationHa1: record.md5secret,
    logBuiltinEnabled: false,
    delegate: {
      onInvite: (invitation) => {
        invites.push(invitation);
        // Ring, then refuse: the simulator must see the 180 and then the 486.
        setTimeout(() => void invitation.reject({ statusCode: 486 }).catch(() => undefined), 100);
      },
    },
  });
  await agentUa.start();
  const status = await new Promise<number>((resolve) => {
    void new Registerer(agentUa).register({
      requestDelegate: { onAccept: (r) => resolve(r.message.statusCode ?? 0), onReject: (r) => resolve(r.message.statusCode ?? 0) },
    });
  });
  if (status !== 200) throw new Error(`The test agent could not register on Kamailio (${status}).`);
}, 90_000);

afterAll(async () => {
  await agentUa?.stop().catch(() => undefined);
  await client?.close();
  await sim?.close();
  await kamailio?.stop();
});

describe('upstream mode without REGISTER', () => {
  it('connects without registering, and its INVITE passes Kamailio\'s proxy challenge with the CTI header', async () => {
    const status = await until('the originator is connected', () => control<UpstreamStatus>(sim, 'GET', '/sip/upstream'), (s) => s.connected);
    expect(status).toMatchObject({ registration: 'off', registrations: 0 });
    const seeded = sim.ready.credentials.agents[0]!;
    const guid = await client.makeCall({
      callerid: '59826001234', agent: seeded.agent, phone: seeded.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099000111',
    });
    const ended = await until('the agent rejects the call', () => control<SimCall>(sim, 'GET', `/calls/${guid}`), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent', cause: 'rejected: 486 Busy Here' });
    expect(invites).toHaveLength(1);
    const request = invites[0]!.request;
    expect(JSON.parse(request.getHeader('X-CTI') ?? '{}')).toMatchObject({ Guid: guid });
    expect(request.getHeader('P-Auto-Answer')).toBe('normal');
    expect(request.from.uri.user).toBe('099000111');
    // It went through Kamailio (its Record-Route) with the proxy credentials consumed there.
    expect(request.getHeader('Record-Route')).toContain(kamailio.domain);
    expect(request.getHeader('Proxy-Authorization')).toBeUndefined();
  });
});
