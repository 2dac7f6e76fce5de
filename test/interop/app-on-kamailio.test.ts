// The app itself (browser host + renderer in Chromium, the E2E harness) with
// its SIP setting pointed at Kamailio, the simulator calling through Kamailio:
// sign in through the UI → connected (registered on Kamailio) → Make Call from
// the dial pad → answered by itself → audio both ways → hang up from the UI →
// disposition form → stored by the simulator with the GUID. Then Kamailio
// restarts while idle and the header comes back by itself (time printed), a
// second call works, and sign-out un-REGISTERs on Kamailio.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { pageLevel, panelState, simCall, simDispositions, until as untilFound } from '../e2e/calls-kit';
import { signIn, signOut, startApp, type E2EApp } from '../e2e/harness';
import type { Kamailio } from './kamailio/kamailio-server';
import { startKamailioForSeed, upstreamThrough } from './support/kamailio-for-seed';
import { until } from '../support/poll-until';
import { control, type SimCall } from './support/sim-control';

let kamailio: Kamailio;
let app: E2EApp;
let client: IntegraClient;

declare global {
  interface Window {
    interopStates?: Array<[number, string]>;
  }
}

/** Time-stamps every change of the header's connection state (Date.now in the page, same clock as the test). */
async function watchIndicator(page: Page): Promise<void> {
  await page.evaluate(() => {
    const states: Array<[number, string]> = [];
    window.interopStates = states;
    const read = (): string => document.querySelector('[data-testid=connection]')?.getAttribute('data-state') ?? 'none';
    let last = read();
    states.push([Date.now(), last]);
    new MutationObserver(() => {
      const now = read();
      if (now !== last) states.push([Date.now(), (last = now)]);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

/** Make Call from the dial pad; resolves with the simulator's call once the panel shows it active. */
async function dialFromUi(page: Page, number: string): Promise<SimCall & { phone: string; destination: string }> {
  const before = new Set(((await app.simState())['calls'] as SimCall[]).map((c) => c.guid));
  await page.locator('select[name=campaign]').waitFor();
  expect(await page.locator('select[name=campaign]').inputValue()).toBe('Manual->');
  await page.locator('input[name=number]').fill(number);
  await page.getByTestId('call-button').click();
  await panelState(page, 'active').waitFor({ timeout: 15_000 });
  return untilFound(async () => ((await app.simState())['calls'] as Array<SimCall & { phone: string; destination: string }>).find((c) => !before.has(c.guid)), 'the simulator holds the new call');
}

/** Hangs up from the UI and submits the disposition form; resolves once the simulator stored it. */
async function hangUpAndDispose(page: Page, guid: string, l1: string): Promise<void> {
  await page.getByTestId('hang-up').click();
  const form = page.locator(`[data-testid=disposition-form][data-guid="${guid}"]`);
  await form.waitFor();
  await until('the simulator records the agent hung up', () => simCall(app, guid), (c) => c.status === 'ended');
  expect(await simCall(app, guid)).toMatchObject({ endedBy: 'agent' });
  await form.locator('input[name=l1]').fill(l1);
  await page.getByTestId('disposition-submit').click();
  await form.waitFor({ state: 'detached' });
  const stored = await untilFound(async () => (await simDispositions(app)).find((d) => d.guid === guid), 'the simulator stores the disposition');
  expect(stored).toMatchObject({ knownCall: true, received: 1, params: { guid, l1, campaign: 'Manual->' } });
}

beforeAll(async () => {
  kamailio = await startKamailioForSeed();
  app = await startApp({ simulatorExtensions: [upstreamThrough(kamailio)], overrides: { sipUrl: kamailio.wsUrl }, viewport: { width: 1100, height: 900 } });
  // The platform's API as a supervisor, for the Make Call after sign-out.
  client = createIntegraClient({ baseUrl: app.sim.baseUrl });
  await client.clientAuthenticate(app.apiUser);
  await until('the originator is registered on Kamailio', () => control<{ registration: string }>(app.sim, 'GET', '/sip/upstream'), (s) => s.registration === 'registered');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
  await kamailio?.stop();
});

describe('the app with its SIP setting on Kamailio', () => {
  it('signs in through the UI and shows connected once the phone is registered on Kamailio', async () => {
    await signIn(app, { instanceUrl: app.sim.baseUrl });
    await app.page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
  });

  it('Make Call from the dial pad through Kamailio: answered by itself, audio both ways, hang up, disposition stored', async () => {
    const { page } = app;
    const call = await dialFromUi(page, '099 123 456');
    expect(call).toMatchObject({ phone: app.agents[0]!.phone, destination: '099123456' });
    expect(await page.getByTestId('call-who').textContent()).toContain('099123456');
    // Audio both ways: the simulator hears the fake microphone, the page hears the 440 Hz tone.
    await until('the simulator hears the agent', () => simCall(app, call.guid), (c) => c.status === 'active' && (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page hears the customer');
    await hangUpAndDispose(page, call.guid, 'Contactado');
  }, 90_000);

  it('comes back to connected by itself after Kamailio restarts while idle, and a call works again', async () => {
    const { page } = app;
    await watchIndicator(page);
    const { stoppedAt, acceptingAt } = await kamailio.restart();
    const states = await until(
      'the header shows connected again',
      () => page.evaluate(() => window.interopStates ?? []),
      (s) => s.some(([, state]) => state !== 'online') && s.at(-1)![1] === 'online',
      { timeoutMs: 20_000 },
    );
    const onlineAt = states.at(-1)![0];
    expect(onlineAt).toBeGreaterThan(stoppedAt);
    process.stderr.write(
      `interop: app header after a Kamailio restart: ${JSON.stringify(states.map(([at, state]) => [at - stoppedAt, state]))} ` +
        `(ms since stop; Kamailio accepting after ${acceptingAt - stoppedAt} ms; connected ${onlineAt - acceptingAt} ms after that)\n`,
    );
    await until('the originator is registered again', () => control<{ registration: string; connects: number }>(app.sim, 'GET', '/sip/upstream'), (s) => s.registration === 'registered' && s.connects >= 2);
    const call = await dialFromUi(page, '099765432');
    await hangUpAndDispose(page, call.guid, 'Volver a llamar');
  }, 90_000);

  it('keeps a call through a Kamailio restart: audio all along, the phone registers again and refreshes the call with its new Contact', async () => {
    const { page } = app;
    const call = await dialFromUi(page, '099700800');
    await until('the simulator hears the agent', () => simCall(app, call.guid), (c) => c.status === 'active' && (c.levels?.customerReceived.packets ?? 0) > 50);
    await watchIndicator(page);
    const { stoppedAt } = await kamailio.restart();
    await until(
      'the header shows connected again',
      () => page.evaluate(() => window.interopStates ?? []),
      (s) => s.some(([, state]) => state !== 'online') && s.at(-1)![1] === 'online',
      { timeoutMs: 20_000 },
    );
    // The media never went through Kamailio: the customer kept hearing the agent, and the call is on screen.
    const heard = (await simCall(app, call.guid)).levels?.customerReceived.packets ?? 0;
    await until('the customer still hears the agent', () => simCall(app, call.guid), (c) => (c.levels?.customerReceived.packets ?? 0) > heard + 25);
    await panelState(page, 'active').waitFor();
    // The refresh went out over the new connection with the phone's Contact, and Kamailio took it to the platform.
    const refreshed = await until(
      'the platform saw the agent refresh the call',
      () => control<{ reinvites?: number }>(app.sim, 'GET', `/calls/${call.guid}`),
      (c) => (c.reinvites ?? 0) > 0,
      { timeoutMs: 15_000 },
    );
    // Both ways after the refreshes too (a refused re-INVITE must not leave the media renegotiation stuck).
    const sent = (await simCall(app, call.guid)).levels?.customerSent.packets ?? 0;
    await until('the customer still sends', () => simCall(app, call.guid), (c) => (c.levels?.customerSent.packets ?? 0) > sent + 25);
    await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page still hears the customer');
    process.stderr.write(`interop: a call through a Kamailio restart: refreshed ${refreshed.reinvites} time(s); header back ${Date.now() - stoppedAt} ms after the stop\n`);
    await hangUpAndDispose(page, call.guid, 'Tras el reinicio');
  }, 90_000);

  it('un-REGISTERs on Kamailio when the agent signs out: a Make Call then gets 480 from Kamailio', async () => {
    await signOut(app.page, 'fin');
    const agent = app.agents[0]!;
    const guid = await client.makeCall({ callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099555444' });
    const ended = await until('the call fails', () => simCall(app, guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'failed', cause: 'agent phone answered 480 Temporarily Unavailable' });
  });
});
