// A foreign SIP stack on the simulator: JsSIP (npm) in headless Chromium
// registers on the simulator's own registrar with the HA1, receives a Make
// Call INVITE with the CTI header, answers, hears the simulator's tone, sends
// audio back (measured by the simulator) and hangs up with BYE.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { startSimulator, type Simulator } from '../../simulator/index';
import { createSipExtension } from '../../simulator/sip/sip-extension';
import type { JsSipPageState } from './pages/jssip-page-entry';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import { until } from '../support/poll-until';
import { control, type SimCall } from './support/sim-control';

const CUSTOMER = '099765432';
const DEBUG = process.env['INTEROP_DEBUG'] === '1';

let sim: Simulator;
let client: IntegraClient;
let browser: PageInChromium;
let agent: { agent: string; phone: string };

const pageState = (): Promise<JsSipPageState> => browser.page.evaluate(() => window.jssipPage.state);
const simCall = (guid: string): Promise<SimCall> => control<SimCall>(sim, 'GET', `/calls/${guid}`);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, extensions: [createSipExtension()] });
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  browser = await openPageInChromium(join(import.meta.dirname, 'pages/jssip-page-entry.ts'), 'jssipPage');
}, 90_000);

afterAll(async () => {
  if (DEBUG) process.stderr.write(`JsSIP page console:\n${browser?.console.join('\n')}\n`);
  await browser?.page.evaluate(() => window.jssipPage.stop()).catch(() => undefined);
  await browser?.close();
  await client?.close();
  await sim?.close();
});

describe('JsSIP on the simulator', () => {
  it('registers with the HA1 and realm (no password) on the simulator registrar', async () => {
    const seeded = sim.ready.credentials.agents[0]!;
    const record = await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password });
    agent = { agent: seeded.agent, phone: seeded.phone };
    const sip = sim.ready['sip'] as { ws: string };
    await browser.page.evaluate((c) => window.jssipPage.start(c), {
      wsUrl: sip.ws, uri: `sip:${record.name}@127.0.0.1`, user: record.name, ha1: record.md5secret, realm: 'asterisk', debug: DEBUG,
    });
    const registered = await until('JsSIP is registered', pageState, (s) => s.registered || s.registrationFailures.length > 0);
    expect(registered.registrationFailures).toEqual([]);
    expect(registered.registered).toBe(true);
    const bindings = await control<Array<{ phone: string; contact: string }>>(sim, 'GET', '/sip/registrations');
    expect(bindings.map((b) => b.phone)).toContain(agent.phone);
  });

  it('receives Make Call with the CTI header, answers, audio flows both ways, and hangs up with BYE', async () => {
    const guid = await client.makeCall({
      callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: CUSTOMER,
    });
    const invited = await until('the INVITE reaches JsSIP', pageState, (s) => s.invites.length > 0);
    expect(invited.invites[0]).toMatchObject({ from: CUSTOMER, autoAnswer: 'normal' });
    expect(JSON.parse(invited.invites[0]!.cti ?? '{}')).toMatchObject({ Guid: guid, Campaign: 'Manual->', Callerid: CUSTOMER });

    const confirmed = await until('JsSIP confirms the call', pageState, (s) => s.events.some((e) => e === 'confirmed' || e.startsWith('failed') || e.startsWith('ended')));
    expect(confirmed.events).toContain('confirmed');
    const simSide = await until('the simulator sees the call answered', () => simCall(guid), (c) => c.status === 'active' || c.status === 'ended');
    expect(simSide.status).toBe('active');

    await until('JsSIP hears the simulator', pageState, (s) => s.heardPeakRms > 0.01 && s.packetsReceived > 0);
    const heard = await until('the simulator hears JsSIP', () => simCall(guid), (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    expect(heard.levels!.customerReceived.packets).toBeGreaterThan(0);

    // JsSIP's DTMF default is SIP INFO (application/dtmf-relay).
    await browser.page.evaluate(() => window.jssipPage.sendDtmf('7'));
    await until('the INFO digit reaches the simulator', () => control<{ dtmf: string[] }>(sim, 'GET', `/calls/${guid}`), (c) => c.dtmf.includes('7'));

    // Hold and resume by re-INVITE.
    expect(await browser.page.evaluate(() => window.jssipPage.hold(true))).toBe(true);
    await until('the simulator sees the call held', () => simCall(guid), (c) => c.status === 'held');
    expect(await browser.page.evaluate(() => window.jssipPage.hold(false))).toBe(true);
    await until('the simulator sees the call active again', () => simCall(guid), (c) => c.status === 'active');

    await browser.page.evaluate(() => window.jssipPage.hangUp());
    const ended = await until('the simulator sees the BYE', () => simCall(guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
    expect((await pageState()).events.at(-1)).toBe('ended:local:Terminated');
  });

  it('ends the call when the customer hangs up (the simulator sends BYE)', async () => {
    const guid = await client.makeCall({
      callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: CUSTOMER,
    });
    await until('the second call is active', () => simCall(guid), (c) => c.status === 'active' || c.status === 'ended');
    expect((await simCall(guid)).status).toBe('active');
    await control(sim, 'POST', `/calls/${guid}/hangup`);
    const state = await until('JsSIP ends the call', pageState, (s) => s.events.filter((e) => e.startsWith('ended')).length >= 2);
    expect(state.events.at(-1)).toBe('ended:remote:Terminated');
    expect((await simCall(guid)).endedBy).toBe('customer');
  });

  it('rings for an inbound call without auto-answer: CANCEL when the customer gives up, 486 when JsSIP rejects', async () => {
    const ringing = async (): Promise<{ guid: string }> => {
      const before = (await pageState()).invites.length;
      const call = await control<{ guid: string; phone: string }>(sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098111222' });
      expect(call.phone).toBe(agent.phone);
      const seen = await until('the inbound INVITE reaches JsSIP', pageState, (s) => s.invites.length > before);
      expect(seen.invites.at(-1)!.autoAnswer).toBeUndefined();
      await until('the simulator sees it ringing (180)', () => simCall(call.guid), (c) => c.status === 'ringing');
      return call;
    };
    const given = await ringing();
    await control(sim, 'POST', `/calls/${given.guid}/hangup`);
    await until('JsSIP sees the CANCEL', pageState, (s) => s.events.at(-1) === 'failed:remote:Canceled');
    expect(await simCall(given.guid)).toMatchObject({ status: 'ended', endedBy: 'customer' });

    const refused = await ringing();
    await browser.page.evaluate(() => window.jssipPage.reject());
    const ended = await until('the simulator sees the 486', () => simCall(refused.guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent', cause: 'rejected: 486 Busy Here' });
  });

  it('un-REGISTERs on stop and the simulator drops the binding', async () => {
    await browser.page.evaluate(() => window.jssipPage.stop());
    await until('the binding is gone', () => control<Array<{ phone: string }>>(sim, 'GET', '/sip/registrations'), (b) => !b.some((x) => x.phone === agent.phone));
  });
});
