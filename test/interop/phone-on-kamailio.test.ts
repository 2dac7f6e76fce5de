// The app's phone on a real registrar: Debian's Kamailio (WS for the phone,
// WSS for the simulator's originator, HA1-only credentials, realm asterisk),
// the simulator in external-registrar mode placing Make Call through it.
// Sign in (Agent Authentication) → SIP credentials as the session builds them
// → registered on Kamailio → Make Call → answered automatically → audio both
// ways → hang up → disposition through the outbox, stored; then Kamailio restarts while idle and
// the phone registers again by itself (time printed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registerer, UserAgent } from 'sip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DispositionInputSchema } from '../../common/domain/disposition';
import { DEFAULT_SETTINGS } from '../../common/ipc/settings';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { openDispositionOutbox } from '../../main/services/outbox';
import { sipCredentialsFor } from '../../main/services/session/sip-credentials';
import { startSimulator, type Simulator } from '../../simulator/index';
import { loadSeed } from '../../simulator/seed/load-seed';
import { digestHa1 } from '../../simulator/sip/digest-auth';
import type { UpstreamStatus } from '../../simulator/sip/upstream/upstream-registration';
import type { Kamailio } from './kamailio/kamailio-server';
import type { InteropPhoneView } from './pages/phone-page-entry';
import { REALM, startKamailioForSeed, upstreamThrough } from './support/kamailio-for-seed';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import { until } from '../support/poll-until';
import { control, type SimCall } from './support/sim-control';

const CUSTOMER = '099123456';
const RESTARTS = 5;

let kamailio: Kamailio;
let sim: Simulator;
let client: IntegraClient;
let browser: PageInChromium;
let agent: { agent: string; phone: string; name: string };

const view = (): Promise<InteropPhoneView> => browser.page.evaluate(() => window.interopPhone.view());
const simCall = (guid: string): Promise<SimCall> => control<SimCall>(sim, 'GET', `/calls/${guid}`);
const upstream = (): Promise<UpstreamStatus> => control<UpstreamStatus>(sim, 'GET', '/sip/upstream');

beforeAll(async () => {
  // HA1 only: Kamailio never sees a password.
  kamailio = await startKamailioForSeed();
  sim = await startSimulator({ port: 0, extensions: [upstreamThrough(kamailio)] });
  await until('the originator is registered on Kamailio over WSS', upstream, (s) => s.registration === 'registered');
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  browser = await openPageInChromium(join(import.meta.dirname, 'pages/phone-page-entry.ts'), 'interopPhone');
}, 90_000);

afterAll(async () => {
  if (process.env['INTEROP_DEBUG'] === '1') process.stderr.write(`Kamailio log:\n${kamailio?.log()}\n`);
  await browser?.page.evaluate(() => window.interopPhone.stop()).catch(() => undefined);
  await browser?.close();
  await client?.close();
  await sim?.close();
  await kamailio?.stop();
});

/** One REGISTER from a sip.js UA in Node (Node 22's WebSocket), resolving with the final status. */
async function registerStatus(user: string, authUser: string, ha1: string): Promise<number> {
  const ua = new UserAgent({
    uri: UserAgent.makeURI(`sip:${user}@${kamailio.domain}`),
    transportOptions: { server: kamailio.wsUrl },
    authorizationUsername: authUser,
    authorizationHa1: ha1,
    logBuiltinEnabled: false,
  });
  await ua.start();
  try {
    return await new Promise<number>((resolve) => {
      void new Registerer(ua).register({
        requestDelegate: {
          onAccept: (response) => resolve(response.message.statusCode ?? 0),
          onReject: (response) => resolve(response.message.statusCode ?? 0),
        },
      });
    });
  } finally {
    await ua.transport.disconnect();
  }
}

describe('Kamailio as configured by the test', () => {
  it('answers 403 to a wrong HA1 and to an agent registering as someone else, so clients stop retrying', async () => {
    expect(await registerStatus('1001', '1001', digestHa1('1001', REALM, 'not-the-password'))).toBe(403);
    const seed = await loadSeed();
    const bruno = seed.agents.find((a) => a.phone === '1002')!;
    expect(await registerStatus('1001', '1002', digestHa1('1002', REALM, bruno.password))).toBe(403);
  });
});

describe('the phone registered on Kamailio', () => {
  it('signs in and registers on Kamailio with the HA1 from Agent Authentication (no password)', async () => {
    const seeded = sim.ready.credentials.agents[0]!;
    const record = await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password });
    agent = { agent: seeded.agent, phone: seeded.phone, name: record.name };
    // The SIP settings as the session builds them, pointed at Kamailio like the sipUrl setting does.
    const credentials = sipCredentialsFor(record, DEFAULT_SETTINGS, kamailio.wsUrl);
    expect(credentials.uri).toBe(`sip:${seeded.phone}@${kamailio.domain}`);
    expect(credentials.authorizationHa1).toMatch(/^[0-9a-f]{32}$/);
    await browser.page.evaluate((c) => window.interopPhone.start(c), credentials);
    const registered = await until('the phone is registered on Kamailio', view, (v) => v.registration === 'registered' || v.registration === 'failed');
    expect(registered.registration).toBe('registered');
    expect(registered.connection).toBe('registered');
  });

  it('Make Call → INVITE through Kamailio → answered automatically → audio both ways → hang up → disposition stored', async () => {
    await browser.page.evaluate((d) => window.interopPhone.expectCall(d), CUSTOMER);
    const guid = await client.makeCall({
      callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: CUSTOMER,
    });
    await browser.page.evaluate((g) => window.interopPhone.setGuid(g), guid);
    const answered = await until('the call is answered automatically', view, (v) => v.call?.state === 'active' || v.call?.state === 'ended');
    expect(answered.call).toMatchObject({ state: 'active', autoAnswer: true, ctiGuid: guid, remoteUser: CUSTOMER });
    // The page can be active before the 200 OK has crossed Kamailio back to the simulator.
    const simSide = await until('the simulator sees the call answered', () => simCall(guid), (c) => c.status === 'active' || c.status === 'ended');
    expect(simSide.status).toBe('active');

    // Audio both ways: the simulator hears the fake microphone, the page hears the simulator's tone.
    const heard = await until('the simulator hears the agent', () => simCall(guid), (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    expect(heard.levels!.customerSent.packets).toBeGreaterThan(0);
    await until('the page hears the customer', view, (v) => v.peakLevel > 0.01);

    await browser.page.evaluate(() => window.interopPhone.hangUp());
    const ended = await until('the simulator sees the BYE', () => simCall(guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
    const phoneSide = await until('the phone shows the call ended', view, (v) => v.call?.state === 'ended');
    expect(phoneSide.call).toMatchObject({ state: 'ended', cause: 'hangup', by: 'agent' });

    // The disposition goes the app's way: the durable outbox (journal fsync'd, then Call Disposition).
    const outboxDir = mkdtempSync(join(tmpdir(), 'interop-outbox-'));
    try {
      const outbox = await openDispositionOutbox({ dir: outboxDir, client });
      outbox.start();
      await outbox.submit(DispositionInputSchema.parse({ campaign: 'Manual->', agent: agent.agent, callerid: CUSTOMER, guid, l1: 'Contactado', l2: 'Venta', comment: 'interop: Kamailio' }));
      await outbox.whenIdle();
      expect(outbox.status()).toMatchObject({ pending: 0 });
      await outbox.close();
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
    const state = await control<{ dispositions: Array<{ guid: string; params: Record<string, string>; knownCall: boolean; received: number }> }>(sim, 'GET', '/state');
    const stored = state.dispositions.filter((d) => d.guid === guid);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ knownCall: true, received: 1, params: { l1: 'Contactado', l2: 'Venta' } });
  });

  it('registers again by itself after Kamailio restarts while idle (5 restarts, times printed), and calls work again', async () => {
    const samples: Array<{ downMs: number; afterStopMs: number; afterAcceptingMs: number }> = [];
    for (let round = 0; round < RESTARTS; round++) {
      const before = (await view()).registrations.length;
      const pidBefore = kamailio.pid();
      const { stoppedAt, acceptingAt } = await kamailio.restart();
      expect(kamailio.pid()).not.toBe(pidBefore);
      const back = await until(
        'the phone registers again on the restarted Kamailio',
        view,
        (v) => v.registrations.slice(before).some(([, kind]) => kind === 'registering') && v.registration === 'registered',
        { timeoutMs: 20_000 },
      );
      const registeredAt = back.registrations.at(-1)![0];
      // acceptingAt is when the test saw both ports open (10 ms polling): only the stop is a hard bound.
      expect(registeredAt).toBeGreaterThan(stoppedAt);
      samples.push({ downMs: acceptingAt - stoppedAt, afterStopMs: registeredAt - stoppedAt, afterAcceptingMs: registeredAt - acceptingAt });
      // Idle a moment, as between calls, before the next restart.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const sorted = (key: keyof (typeof samples)[number]): number[] => samples.map((x) => x[key]).sort((a, b) => a - b);
    const median = (key: keyof (typeof samples)[number]): number => sorted(key)[Math.floor(samples.length / 2)]!;
    process.stderr.write(
      `interop: Kamailio restarts while idle (ms): ${JSON.stringify(samples)}\n` +
        `interop: phone registered again after Kamailio accepted connections: median ${median('afterAcceptingMs')} ms, max ${sorted('afterAcceptingMs').at(-1)} ms; ` +
        `after the stop: median ${median('afterStopMs')} ms (Kamailio down median ${median('downMs')} ms)\n`,
    );

    // The originator found Kamailio again too: a second Make Call rings and is answered.
    await until('the originator is registered again', upstream, (s) => s.registration === 'registered' && s.connects >= RESTARTS + 1);
    await browser.page.evaluate((d) => window.interopPhone.expectCall(d), CUSTOMER);
    const guid = await client.makeCall({
      callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: CUSTOMER,
    });
    await browser.page.evaluate((g) => window.interopPhone.setGuid(g), guid);
    await until('the second call is answered', () => simCall(guid), (c) => c.status === 'active' || c.status === 'ended');
    expect((await simCall(guid)).status).toBe('active');
    // Hang Up Call from the API: the simulator's BYE reaches the phone through the restarted Kamailio.
    await client.hangUpCall({ phone: agent.phone });
    await until('the phone sees the BYE', view, (v) => v.call?.state === 'ended');
    expect((await view()).call).toMatchObject({ state: 'ended', by: 'remote' });
  });
});
