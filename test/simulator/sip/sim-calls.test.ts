// The SIP extension inside the whole simulator: Make Call, Hang Up Call, the
// dialer, inbound calls and the control routes, with a sip.js phone in
// headless Chromium that registers with the HA1 from Agent Authentication.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../simulator/index';
import { createSipExtension } from '../../../simulator/sip/sip-extension';
import { control, post, startTestSimulator } from '../sim-client';
import { openPageInChromium, type PageInChromium } from '../../support/chromium-page';
import { until } from '../../support/poll-until';

interface CallView {
  guid: string;
  status: string;
  origin: string;
  endedBy?: string;
  cause?: string;
  dtmf: string[];
  answeredAt?: string;
  endedAt?: string;
  levels?: { customerReceived: { packets: number; peakRms: number }; customerSent: { packets: number } };
}

let sim: Simulator;
let browser: PageInChromium;
let ana: { token: string; md5secret: string; name: string };

async function callView(guid: string): Promise<CallView> {
  const answer = await control(sim, 'GET', `/calls/${guid}`);
  expect(answer.status).toBe(200);
  return answer.json as CallView;
}

const untilCall = (guid: string, what: string, check: (call: CallView) => boolean): Promise<CallView> =>
  until(what, () => callView(guid), check, { timeoutMs: 10_000 });

const inviteCount = (): Promise<number> => browser.page.evaluate(() => window.agentPage.state.invites.length);

beforeAll(async () => {
  sim = await startTestSimulator({ extensions: [createSipExtension()] });
  browser = await openPageInChromium(join(import.meta.dirname, 'agent-page/agent-page-entry.ts'), 'agentPage');
  const { password } = sim.ready.credentials.agents.find((a) => a.agent === 'ana.garcia')!;
  const login = await post(sim, 'agentLogin', { agent: 'ana.garcia', password });
  ana = JSON.parse(login.text) as typeof ana;
  const sip = sim.ready.sip as { ws: string; wss: string; caCertFile: string };
  await browser.page.evaluate((config) => window.agentPage.start(config), { wsUrl: sip.ws, phone: ana.name, ha1: ana.md5secret, domain: '127.0.0.1' });
  await browser.page.waitForFunction(() => window.agentPage.state.registered, undefined, { timeout: 10_000 });
});

afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

describe('the simulator rings agents over SIP', () => {
  it('prints the SIP endpoints and the CA file in the ready line', () => {
    expect(sim.ready.sip).toMatchObject({ ws: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/), wss: expect.stringMatching(/^wss:\/\/127\.0\.0\.1:\d+\/ws$/) });
    expect((sim.ready.sip as { caCertFile: string }).caCertFile.startsWith(sim.dataDir)).toBe(true);
  });

  it('lists the registration of the page', async () => {
    const answer = await control(sim, 'GET', '/sip/registrations');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([expect.objectContaining({ phone: ana.name, transport: 'ws', contact: expect.stringMatching(/^sip:/) })]);
  });

  it('Make Call → auto-answered → audio both ways → DTMF → Hang Up Call sends BYE', async () => {
    const made = await post(sim, 'makeCall', {
      callerid: '59826001234', agent: 'ana.garcia', phone: ana.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
    }, ana.token);
    const guid = made.text;
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);
    // The record names the agent who takes the call, as the platform's call records do.
    expect(await untilCall(guid, 'the call is active', (c) => c.status === 'active')).toMatchObject({ agent: 'ana.garcia', phone: ana.name });
    const invite = await browser.page.evaluate(() => window.agentPage.state.invites.at(-1));
    expect(invite?.autoAnswer).toBe('normal');
    expect(JSON.parse(invite?.cti ?? '{}')).toEqual({
      Guid: guid, Screen: 'FALSE', Form: 'manualForm', Campaign: 'Manual->', Callerid: '099123456', ParAndValues: '', Beep: 'FALSE', Answer: 'TRUE',
    });
    const heard = await untilCall(guid, 'the simulator hears the agent', (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    expect(heard.levels!.customerSent.packets).toBeGreaterThan(0);
    await browser.page.waitForFunction(() => window.agentPage.state.heardPeakRms > 0.01, undefined, { timeout: 10_000 });

    expect(await browser.page.evaluate(() => window.agentPage.sendDtmf('7'))).toBe(true);
    await untilCall(guid, 'the digit is recorded', (c) => c.dtmf.includes('7'));

    expect(await browser.page.evaluate(() => window.agentPage.hold(true))).toBe(200);
    await untilCall(guid, 'the call is held', (c) => c.status === 'held');
    expect(await browser.page.evaluate(() => window.agentPage.hold(false))).toBe(200);
    await untilCall(guid, 'the call is active again', (c) => c.status === 'active');

    expect((await post(sim, 'hangup', { phone: ana.name }, ana.token)).text).toBe('1');
    await browser.page.waitForFunction(() => window.agentPage.state.sessionState === 'Terminated', undefined, { timeout: 10_000 });
    const ended = await untilCall(guid, 'the call has ended', (c) => c.status === 'ended' && c.cause !== undefined);
    expect(ended).toMatchObject({ endedBy: 'api', cause: 'Hang Up Call' });
    expect(ended.answeredAt).toBeDefined();
    expect(ended.endedAt).toBeDefined();
  });

  it('a dialer record rings without auto-answer when the campaign has none; the customer hangs up', async () => {
    const before = await inviteCount();
    // Encuestas-> has no auto-answer; pin the record to ana and make her a member.
    const admin = await post(sim, 'clientAuth', sim.ready.credentials.apiUser);
    const member = JSON.stringify([{ membername: 'ana.garcia', queueName: 'Encuestas->', interface1: `SIP/${ana.name}`, penalty: 0, paused: 0 }]);
    expect((await post(sim, 'addQueueMember', { queuemember: member }, admin.text)).text).toBe('1');
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const pad = (n: number): string => String(n).padStart(2, '0');
    const later = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())} 10:00:00`;
    const task = (destination: string, calldate: string | null): string =>
      JSON.stringify({ calldate, campaign: 'Encuestas->', destination, alternatives: '', agent: ana.name, data: 'cliente=42', source: 'test', bulk: false, automatic: true });
    expect((await post(sim, 'dialerTask', { call: task('099000111', later) }, admin.text)).text).toBe('1');
    expect((await post(sim, 'dialerTask', { call: task('099000222', null) }, admin.text)).text).toBe('1');

    await browser.page.waitForFunction((n) => window.agentPage.state.invites.length > n, before, { timeout: 10_000 });
    const invite = await browser.page.evaluate(() => window.agentPage.state.invites.at(-1));
    expect(invite?.autoAnswer).toBeUndefined();
    expect(invite?.from).toBe('099000222');
    const cti = JSON.parse(invite?.cti ?? '{}') as { Guid: string; Campaign: string; ParAndValues: string; Answer: string };
    expect(cti).toMatchObject({ Campaign: 'Encuestas->', ParAndValues: 'cliente=42', Answer: 'FALSE' });
    await untilCall(cti.Guid, 'the dialer call rings', (c) => c.status === 'ringing' && c.origin === 'dialer');

    // The record with a future calldate waits in the queue.
    const state = (await control(sim, 'GET', '/state')).json as { dialerTasks: Array<{ destination: string; status: string }> };
    expect(state.dialerTasks.find((t) => t.destination === '099000111')?.status).toBe('queued');

    await browser.page.evaluate(() => window.agentPage.answer());
    await untilCall(cti.Guid, 'the agent answered by hand', (c) => c.status === 'active');
    const hung = await control(sim, 'POST', `/calls/${cti.Guid}/hangup`);
    expect(hung.status).toBe(200);
    await browser.page.waitForFunction(() => window.agentPage.state.sessionState === 'Terminated', undefined, { timeout: 10_000 });
    expect(await untilCall(cti.Guid, 'the call ended', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'customer' });
  });

  it('a dialer record of a campaign with auto_answer 1 is answered by itself', async () => {
    const before = await inviteCount();
    const admin = await post(sim, 'clientAuth', sim.ready.credentials.apiUser);
    const call = JSON.stringify({ calldate: null, campaign: 'Cobranzas->', destination: '099000333', alternatives: '', agent: '', data: 'deuda=100', source: 'test', bulk: false, automatic: true });
    expect((await post(sim, 'dialerTask', { call }, admin.text)).text).toBe('1');
    await browser.page.waitForFunction((n) => window.agentPage.state.invites.length > n, before, { timeout: 10_000 });
    const invite = await browser.page.evaluate(() => window.agentPage.state.invites.at(-1));
    expect(invite?.autoAnswer).toBe('normal');
    const cti = JSON.parse(invite?.cti ?? '{}') as { Guid: string };
    expect(cti).toMatchObject({ Campaign: 'Cobranzas->', Form: 'cobranzasForm', Screen: 'TRUE', ParAndValues: 'deuda=100', Answer: 'TRUE' });
    await untilCall(cti.Guid, 'the call is active', (c) => c.status === 'active');
    expect((await control(sim, 'POST', `/calls/${cti.Guid}/hangup`)).status).toBe(200);
    expect(await untilCall(cti.Guid, 'the call ended', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'customer', cause: 'customer hung up' });
    expect((await control(sim, 'POST', `/calls/${cti.Guid}/hangup`)).status).toBe(409);
  });

  it('Hang Up Call while the phone rings cancels the INVITE (CANCEL/487)', async () => {
    const before = await inviteCount();
    const answer = await control(sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099111222' });
    expect(answer.status).toBe(201);
    const { guid } = answer.json as { guid: string };
    await browser.page.waitForFunction((n) => window.agentPage.state.invites.length > n, before, { timeout: 10_000 });
    await untilCall(guid, 'the call rings', (c) => c.status === 'ringing');
    expect((await post(sim, 'hangup', { phone: ana.name }, ana.token)).text).toBe('1');
    await browser.page.waitForFunction(() => window.agentPage.state.sessionState === 'Terminated', undefined, { timeout: 10_000 });
    expect(await untilCall(guid, 'the call ended', (c) => c.status === 'ended' && c.cause !== undefined)).toMatchObject({ endedBy: 'api', cause: 'Hang Up Call' });
  });

  it('an inbound call rings a member; the agent rejects it (486)', async () => {
    const before = await inviteCount();
    const answer = await control(sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099777888' });
    expect(answer.status).toBe(201);
    const { guid, phone } = answer.json as { guid: string; phone: string };
    expect(phone).toBe(ana.name);
    await browser.page.waitForFunction((n) => window.agentPage.state.invites.length > n, before, { timeout: 10_000 });
    await browser.page.evaluate(() => window.agentPage.reject());
    expect(await untilCall(guid, 'the call ended', (c) => c.status === 'ended')).toMatchObject({ agent: 'ana.garcia', endedBy: 'agent', cause: 'rejected: 486 Busy Here' });
  });

  it('a Make Call for a phone that is not registered ends failed with a cause', async () => {
    const { password } = sim.ready.credentials.agents.find((a) => a.agent === 'bruno.diaz')!;
    const bruno = JSON.parse((await post(sim, 'agentLogin', { agent: 'bruno.diaz', password })).text) as typeof ana;
    const guid = (await post(sim, 'makeCall', {
      callerid: '59826001234', agent: 'bruno.diaz', phone: bruno.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
    }, bruno.token)).text;
    expect(await untilCall(guid, 'the call failed', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'failed', cause: `phone ${bruno.name} is not registered` });
  });

  it('answers 400/404/409 on bad control requests', async () => {
    expect((await control(sim, 'POST', '/inbound-call', { campaign: 'Soporte<-' })).status).toBe(400);
    expect((await control(sim, 'POST', '/inbound-call', { campaign: 'Nope', from: '1' })).status).toBe(404);
    expect((await control(sim, 'GET', '/calls/unknown-guid')).status).toBe(404);
  });

  // Last: it leaves the page unregistered.
  it('pauses the SIP side (registrations gone, calls fail) and resumes it', async () => {
    expect((await control(sim, 'POST', '/sip/pause')).json).toEqual({ paused: true });
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([]);
    const guid = (await post(sim, 'makeCall', {
      callerid: '59826001234', agent: 'ana.garcia', phone: ana.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
    }, ana.token)).text;
    expect(await untilCall(guid, 'the call failed', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'failed', cause: `phone ${ana.name} is not registered` });
    expect((await control(sim, 'POST', '/sip/resume')).json).toEqual({ paused: false });
  });
});
