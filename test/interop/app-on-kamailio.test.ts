// The app itself (browser host + renderer in Chromium, the E2E harness) with
// its SIP setting pointed at Kamailio: sign in through the UI → the header
// shows connected (the phone registered on Kamailio) → a Make Call INVITE
// reaches it through Kamailio → Kamailio restarts while idle and the header
// comes back by itself (time printed) → sign-out un-REGISTERs on Kamailio.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { signIn, signOut, startApp, type E2EApp } from '../e2e/harness';
import type { Kamailio } from './kamailio/kamailio-server';
import { startKamailioForSeed, upstreamThrough } from './support/kamailio-for-seed';
import { control, until, type SimCall } from './support/sim-control';

let kamailio: Kamailio;
let app: E2EApp;
let client: IntegraClient;

declare global {
  interface Window {
    interopStates?: Array<[number, string]>;
  }
}

/** Time-stamps every change of the header's connection state (Date.now in the page, same clock as the test). */
async function watchIndicator(): Promise<void> {
  await app.page.evaluate(() => {
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

const indicatorStates = (): Promise<Array<[number, string]>> => app.page.evaluate(() => window.interopStates ?? []);

async function makeCall(): Promise<string> {
  const agent = app.agents[0]!;
  return client.makeCall({ callerid: '59826001234', agent: agent.agent, phone: agent.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099555444' });
}

beforeAll(async () => {
  kamailio = await startKamailioForSeed();
  app = await startApp({ simulatorExtensions: [upstreamThrough(kamailio)], overrides: { sipUrl: kamailio.wsUrl } });
  // Make Call as the platform's API user would place it (the app's dial pad is not there yet).
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
  it('signs in and shows connected once the phone is registered on Kamailio; a Make Call INVITE reaches it', async () => {
    await signIn(app, { instanceUrl: app.sim.baseUrl });
    await app.page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
    // Reachable through Kamailio: the INVITE rings the app (180 back through the proxy).
    const guid = await makeCall();
    await until('the app rings', () => control<SimCall>(app.sim, 'GET', `/calls/${guid}`), (c) => c.status === 'ringing' || c.status === 'active' || c.status === 'ended');
    expect((await control<SimCall>(app.sim, 'GET', `/calls/${guid}`)).status).toMatch(/ringing|active/);
    await client.hangUpCall({ phone: app.agents[0]!.phone });
    await until('the call ends', () => control<SimCall>(app.sim, 'GET', `/calls/${guid}`), (c) => c.status === 'ended');
  });

  it('comes back to connected by itself after Kamailio restarts while idle', async () => {
    await watchIndicator();
    const { stoppedAt, acceptingAt } = await kamailio.restart();
    const states = await until(
      'the header shows connected again',
      indicatorStates,
      (s) => s.some(([, state]) => state !== 'online') && s.at(-1)![1] === 'online',
      20_000,
    );
    const onlineAt = states.at(-1)![0];
    expect(onlineAt).toBeGreaterThan(stoppedAt);
    process.stderr.write(
      `interop: app header after a Kamailio restart: ${JSON.stringify(states.map(([at, state]) => [at - stoppedAt, state]))} ` +
        `(ms since stop; Kamailio accepting after ${acceptingAt - stoppedAt} ms; connected ${onlineAt - acceptingAt} ms after that)\n`,
    );
  });

  it('un-REGISTERs on Kamailio when the agent signs out: a Make Call then gets 480 from Kamailio', async () => {
    await signOut(app.page, 'fin');
    const guid = await makeCall();
    const ended = await until('the call fails', () => control<SimCall>(app.sim, 'GET', `/calls/${guid}`), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'failed', cause: 'agent phone answered 480 Temporarily Unavailable' });
  });
});
