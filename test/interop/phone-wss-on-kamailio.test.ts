// The app's phone in Chromium registering on Kamailio over WSS, the transport
// a real instance uses (wss://<host>:8089/ws): Chromium's TLS against
// Kamailio's tls module. Chromium is told to accept exactly Kamailio's test
// certificate (its SPKI fingerprint; every other certificate is still
// verified), and a second page without that pin must fail to connect, which
// shows the first one went through TLS verification rather than around it.
// The pinned page then takes a call whose both legs are WSS.
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/ipc/settings';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { sipCredentialsFor } from '../../main/services/session/sip-credentials';
import type { PhoneOptions } from '../../renderer/src/phone';
import { startSimulator, type Simulator } from '../../simulator/index';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import { until } from '../support/poll-until';
import type { Kamailio } from './kamailio/kamailio-server';
import type { InteropPhoneView } from './pages/phone-page-entry';
import { startKamailioForSeed, upstreamThrough } from './support/kamailio-for-seed';
import { control, type SimCall } from './support/sim-control';
import type { UpstreamStatus } from '../../simulator/sip/upstream/upstream-registration';

const PAGE = join(import.meta.dirname, 'pages/phone-page-entry.ts');

let kamailio: Kamailio;
let sim: Simulator;
let client: IntegraClient;
const pages: PageInChromium[] = [];
const CUSTOMER = '099123456';
const upstream = (): Promise<UpstreamStatus> => control<UpstreamStatus>(sim, 'GET', '/sip/upstream');
const simCall = (guid: string): Promise<SimCall> => control<SimCall>(sim, 'GET', `/calls/${guid}`);

beforeAll(async () => {
  kamailio = await startKamailioForSeed();
  // The simulator's originator is on Kamailio's WSS too, so a call crosses TLS on both legs.
  sim = await startSimulator({ port: 0, extensions: [upstreamThrough(kamailio)] });
  await until('the originator is registered on Kamailio over WSS', upstream, (s) => s.registration === 'registered');
  client = createIntegraClient({ baseUrl: sim.baseUrl });
}, 60_000);

afterAll(async () => {
  for (const page of pages) {
    await page.page.evaluate(() => window.interopPhone.stop()).catch(() => undefined);
    await page.close();
  }
  await client?.close();
  await sim?.close();
  await kamailio?.stop();
});

/** The SIP credentials as the session builds them for seeded agent `index`, pointed at Kamailio's WSS listener. */
async function credentialsOverWss(index: number): Promise<PhoneOptions['credentials']> {
  const seeded = sim.ready.credentials.agents[index]!;
  const record = await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password });
  const credentials = sipCredentialsFor(record, DEFAULT_SETTINGS, kamailio.wssUrl);
  expect(credentials.wsUrl).toBe(kamailio.wssUrl);
  return credentials;
}

/** Chromium's --ignore-certificate-errors-spki-list takes base64 SHA-256 of the certificate's SubjectPublicKeyInfo. */
function spkiFingerprint(pemFile: string): string {
  const spki = new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

async function startPhone(extraArgs: readonly string[], index: number): Promise<PageInChromium> {
  const opened = await openPageInChromium(PAGE, 'interopPhone', extraArgs);
  pages.push(opened);
  const credentials = await credentialsOverWss(index);
  // start() may reject when the socket cannot open; the view tells the outcome either way.
  await opened.page.evaluate((c) => window.interopPhone.start(c).catch(() => undefined), credentials);
  return opened;
}

const view = (page: PageInChromium) => (): Promise<InteropPhoneView> => page.page.evaluate(() => window.interopPhone.view());

describe('the phone on Kamailio over WSS', () => {
  it('registers over wss:// when Chromium accepts Kamailio\'s certificate, and a call rings, carries audio both ways and ends', { timeout: 60_000 }, async () => {
    const page = await startPhone([`--ignore-certificate-errors-spki-list=${spkiFingerprint(kamailio.certificateFile)}`], 0);
    const settled = await until('the phone registers over WSS', view(page), (v) => v.registration === 'registered' || v.registration === 'failed');
    expect(settled.registration).toBe('registered');
    expect(settled.connection).toBe('registered');

    const seeded = sim.ready.credentials.agents[0]!;
    await page.page.evaluate((d) => window.interopPhone.expectCall(d), CUSTOMER);
    const guid = await client.makeCall({
      callerid: '59826001234', agent: seeded.agent, phone: seeded.phone, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: CUSTOMER,
    });
    await page.page.evaluate((g) => window.interopPhone.setGuid(g), guid);
    const answered = await until('the call over WSS is answered automatically', view(page), (v) => v.call?.state === 'active' || v.call?.state === 'ended');
    expect(answered.call).toMatchObject({ state: 'active', ctiGuid: guid, remoteUser: CUSTOMER });
    const heard = await until('the simulator hears the agent', () => simCall(guid), (c) => (c.levels?.customerReceived.peakRms ?? 0) > 0.01);
    expect(heard.status).toBe('active');
    await until('the page hears the customer', view(page), (v) => v.peakLevel > 0.01);
    await page.page.evaluate(() => window.interopPhone.hangUp());
    const ended = await until('the simulator sees the BYE', () => simCall(guid), (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'agent' });
  });

  it('does not connect when the certificate is not trusted (verification is on)', { timeout: 60_000 }, async () => {
    const page = await startPhone([], 1);
    const settled = await until('the phone gives up or reports offline', view(page), (v) => v.registration === 'failed' || v.connection === 'offline', { timeoutMs: 30_000 });
    expect(settled.registration).not.toBe('registered');
    expect(page.console.join('\n')).toMatch(/WebSocket connection to 'wss:.*net::ERR_CERT_AUTHORITY_INVALID/);
  });
});
