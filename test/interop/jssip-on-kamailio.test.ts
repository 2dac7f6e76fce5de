// Nothing of ours on the agent side or in the middle: JsSIP in Chromium
// registers on Kamailio with the HA1, and the simulator (upstream mode) calls
// it through Kamailio; answer, audio both ways, BYE.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { startSimulator, type Simulator } from '../../simulator/index';
import type { Kamailio } from './kamailio/kamailio-server';
import type { JsSipPageState } from './pages/jssip-page-entry';
import { REALM, startKamailioForSeed, upstreamThrough } from './support/kamailio-for-seed';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import { until } from '../support/poll-until';
import { control, type SimCall } from './support/sim-control';

let kamailio: Kamailio;
let sim: Simulator;
let client: IntegraClient;
let browser: PageInChromium;

const pageState = (): Promise<JsSipPageState> => browser.page.evaluate(() => window.jssipPage.state);
const simCall = (guid: string): Promise<SimCall> => control<SimCall>(sim, 'GET', `/calls/${guid}`);

beforeAll(async () => {
  kamailio = await startKamailioForSeed();
  sim = await startSimulator({ port: 0, extensions: [upstreamThrough(kamailio)] });
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  browser = await openPageInChromium(join(import.meta.dirname, 'pages/jssip-page-entry.ts'), 'jssipPage');
  await until('the originator is registered on Kamailio', () => control<{ registration: string }>(sim, 'GET', '/sip/upstream'), (s) => s.registration === 'registered');
}, 90_000);

afterAll(async () => {
  await browser?.page.evaluate(() => window.jssipPage.stop()).catch(() => undefined);
  await browser?.close();
  await client?.close();
  await sim?.close();
  await kamailio?.stop();
});

describe('JsSIP on Kamailio, called by the simulator', () => {
  it('registers with the HA1, takes a Make Call through Kamailio, audio flows both ways, and hangs up', async () => {
    const seeded = sim.ready.credentials.agents[1]!;
    const record = await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password });
    await browser.page.evaluate((c) => window.jssipPage.start(c), {
      wsUrl: kamailio.wsUrl, uri: `sip:${record.name}@${kamailio.domain}`, user: record.name, ha1: record.md5secret, realm: REALM,
    });
    const registered = await until('JsSIP is registered on Kamailio', pageState, (s) => s.registered || s.registrationFailures.length > 0);
    expect(registered.registrationFailures).toEqual([]);

    const guid = await client.makeCall({
      callerid: '59826001234', agent: seeded.agent, phone: seeded.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099222333',
    });
    const confirmed = await until('JsSIP confirms the call', pageState, (s) => s.events.some((e) => e === 'confirmed' || e.startsWith('failed')));
    expect(confirmed.events).toContain('confirmed');
    expect(JSON.parse(confirmed.invites[0]!.cti ?? '{}')).toMatchObject({ Guid: guid });
    await until('JsSIP hears the simulator', pageState, (s) => s.heardPeakRms > 0.01);
    await until('the simulator hears JsSIP', () => simCall(guid), (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);

    await browser.page.evaluate(() => window.jssipPage.hangUp());
    const ended = await until('the simulator sees the BYE through Kamailio', () => simCall(guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
  });
});
