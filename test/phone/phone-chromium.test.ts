// The real phone (sip.js + WebRTC in headless Chromium) against the simulator's
// SIP side: registration with the HA1 from Agent Authentication, Make Call
// auto-answered, audio both ways, DTMF, hold/resume, quality, hang-up by BYE,
// and an inbound call that rings and is answered by hand.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { createSipExtension } from '../../simulator/sip/sip-extension';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import { until as pollUntil } from '../support/poll-until';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import type { PhonePageView } from './browser/phone-page-entry';

interface SimCall {
  guid: string;
  status: string;
  endedBy?: string;
  dtmf: string[];
  levels?: { customerReceived: { packets: number; peakRms: number }; customerSent: { packets: number } };
}

let sim: Simulator;
let browser: PageInChromium;
let client: IntegraClient;
let proxy: FaultProxy;
/** Warnings and errors the phone printed in the page (e.g. a ringtone or speaker that failed). */
const pageWarnings: string[] = [];
let agent: { name: string; md5secret: string; fullname?: string | null | undefined };

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'x-sim-secret': sim.control.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Polls until `check` passes (bounded: 10 s), returning the last value. */
const until = <T>(what: string, read: () => Promise<T>, check: (v: T) => boolean): Promise<T> => pollUntil(what, read, check, { timeoutMs: 10_000 });

const view = (): Promise<PhonePageView> => browser.page.evaluate(() => window.phonePage.view());
const simCall = async (guid: string): Promise<SimCall> => (await control('GET', `/calls/${guid}`)).json as SimCall;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, extensions: [createSipExtension()] });
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  const { agent: user, password } = sim.ready.credentials.agents[0]!;
  agent = await client.agentAuthenticate({ agent: user, password });
  browser = await openPageInChromium(join(import.meta.dirname, 'browser/phone-page-entry.ts'), 'phonePage');
  browser.page.on('console', (m) => {
    if ((m.type() === 'warning' || m.type() === 'error') && m.text().startsWith('phone:')) pageWarnings.push(m.text());
  });
  const sip = sim.ready.sip as { ws: string };
  // The page reaches the simulator's WebSocket through a proxy the test can unplug.
  proxy = await startFaultProxy(Number(new URL(sip.ws).port));
  await browser.page.evaluate((c) => window.phonePage.start(c), {
    uri: `sip:${agent.name}@127.0.0.1`, authorizationUsername: agent.name, authorizationHa1: agent.md5secret,
    wsUrl: `ws://127.0.0.1:${proxy.port}/ws`, realm: 'asterisk', displayName: agent.fullname ?? agent.name,
  });
  await until('the phone is registered', view, (v) => v.registration === 'registered');
}, 60_000);

afterAll(async () => {
  await browser?.page.evaluate(() => window.phonePage.stop()).catch(() => undefined);
  await browser?.close();
  await proxy?.close();
  await client?.close();
  await sim?.close();
});

describe('phone in Chromium against the simulator', () => {
  it('shows registered in the header indicator', async () => {
    const v = await view();
    expect(v.connection).toBe('registered');
    expect(v.events.slice(0, 2)).toEqual(['registration:registering', 'connection:connecting']);
  });

  it('Make Call → auto-answered → audio both ways → DTMF → hold/resume → quality → hang up by BYE', async () => {
    await browser.page.evaluate(() => window.phonePage.expectCall('099123456'));
    const guid = await client.makeCall({
      callerid: '59826001234', agent: sim.ready.credentials.agents[0]!.agent, phone: agent.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
    });
    await browser.page.evaluate((g) => window.phonePage.setGuid(g), guid);
    const active = await until('the phone answered by itself', view, (v) => v.call?.state === 'active');
    expect(active.call).toMatchObject({ autoAnswer: true, ctiGuid: guid });
    expect(active.events.filter((e) => e.startsWith('call:'))).toEqual(['call:ringing', 'call:answering', 'call:active']);
    await until('the simulator sees the call active', () => simCall(guid), (c) => c.status === 'active');

    // Audio both ways: the customer hears the fake microphone, the page hears the customer's signal.
    const heard = await until('the customer hears the agent', () => simCall(guid), (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    expect(heard.levels!.customerSent.packets).toBeGreaterThan(0);
    await until('the page hears the customer', view, (v) => v.peakLevel > 0.01);

    // Another microphone mid-call (replaceTrack): audio keeps reaching the customer.
    const before = (await simCall(guid)).levels!.customerReceived.packets;
    expect(await browser.page.evaluate(() => window.phonePage.switchMicrophone())).toEqual(expect.any(String));
    await until('packets keep arriving after the switch', () => simCall(guid), (c) => c.levels!.customerReceived.packets > before + 10);
    await browser.page.evaluate(() => window.phonePage.mute(true));
    await browser.page.evaluate(() => window.phonePage.mute(false));
    expect((await view()).events.filter((e) => e.startsWith('mute:'))).toEqual(['mute:true', 'mute:false']);

    await browser.page.evaluate(() => window.phonePage.dtmf('7'));
    await until('the digit reaches the simulator', () => simCall(guid), (c) => c.dtmf.includes('7'));

    await browser.page.evaluate(() => window.phonePage.hold());
    expect((await view()).call?.state).toBe('held');
    await until('the simulator holds the call', () => simCall(guid), (c) => c.status === 'held');
    await browser.page.evaluate(() => window.phonePage.resume());
    expect((await view()).call?.state).toBe('active');
    await until('the simulator resumes the call', () => simCall(guid), (c) => c.status === 'active');

    const q = await until('a quality sample with packets', view, (v) => (v.stats?.packetsReceived ?? 0) > 0);
    expect(q.stats!.mos).toBeGreaterThanOrEqual(1);
    expect(q.stats!.mos).toBeLessThanOrEqual(4.5);

    const result = await browser.page.evaluate(() => window.phonePage.hangUp());
    expect(result).toEqual({ signalled: true });
    expect((await view()).call).toMatchObject({ state: 'ended', cause: 'hangup', by: 'agent' });
    await until('the simulator ends the call by the agent', () => simCall(guid), (c) => c.status === 'ended' && c.endedBy === 'agent');
  });

  it('an inbound call rings (no auto-answer) on the chosen ringer, is answered by button and ended by the customer', async () => {
    await browser.page.evaluate(() => window.phonePage.setOutputs('default', 'default'));
    await browser.page.evaluate(() => window.phonePage.clearEvents());
    const answer = await control('POST', '/inbound-call', { campaign: 'Soporte<-', from: '099777888' });
    expect(answer.status).toBe(201);
    const { guid } = answer.json as { guid: string };
    const ringing = await until('the phone rings', view, (v) => v.call?.state === 'ringing');
    expect(ringing.call).toMatchObject({ autoAnswer: false, ctiGuid: guid });
    await browser.page.evaluate(() => window.phonePage.answer());
    await until('the call is active on the page', view, (v) => v.call?.state === 'active');
    await until('the call is active in the simulator', () => simCall(guid), (c) => c.status === 'active');
    const events = (await view()).events;
    expect(events.filter((e) => e.startsWith('ringtone:') || e === 'call:answering')).toEqual(['ringtone:start:default', 'ringtone:stop', 'call:answering']);
    expect(pageWarnings).toEqual([]);
    expect((await control('POST', `/calls/${guid}/hangup`)).status).toBe(200);
    const ended = await until('the page sees the customer hang up', view, (v) => v.call?.state === 'ended');
    expect(ended.call).toMatchObject({ cause: 'hangup', by: 'remote' });
  });

  it('reconnects and re-registers by itself when the socket is cut and the server comes back', async () => {
    await browser.page.evaluate(() => window.phonePage.clearEvents());
    proxy.cut();
    await proxy.refuse();
    await until('the phone notices', view, (v) => v.registration === 'registering');
    await until('the indicator says offline after a refused reconnect', view, (v) => v.connection === 'offline');
    const back = Date.now();
    await proxy.restore();
    await until('registered again', view, (v) => v.registration === 'registered');
    const ms = Date.now() - back;
    console.log(`re-registered ${ms} ms after the server accepted connections again`);
    expect((await view()).events).toEqual(expect.arrayContaining(['registration:registering', 'connection:offline', 'registration:registered', 'connection:registered']));
  });

  it('on a network change checks its connection at once and registers again on it when it answers', async () => {
    const regs = async () => ((await control('GET', '/sip/registrations')).json as unknown[]).length;
    expect(await regs()).toBeGreaterThan(0);
    await browser.page.evaluate(() => window.phonePage.clearEvents());
    await browser.page.evaluate(() => window.phonePage.networkChanged());
    await until('registered again on the same connection', view, (v) => v.events.includes('again:network-changed:false'));
    expect((await view()).events).not.toContain('registration:registering');
    expect(await regs()).toBe(1);
  });
});
