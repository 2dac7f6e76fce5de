// The real media path (issue 15): a customer on plain SIP (baresip, UDP,
// G.711 µ-law, RFC 4733) calls the agent's extension on Kamailio; Kamailio's
// rtpengine module has rtpengine bridge the customer's RTP/AVP to the agent's
// DTLS-SRTP/ICE. The agent is the app itself (browser host + renderer in
// Chromium), its SIP setting on Kamailio's WebSocket. Measured at both ends:
// the page's level meter, and what baresip recorded (its level, and that it is
// the page's tone, not silence or noise). Everything a test starts it stops.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLevel, panelState, until as untilFound } from '../e2e/calls-kit';
import { signIn, startApp, type E2EApp } from '../e2e/harness';
import { until } from '../support/poll-until';
import type { Kamailio } from './kamailio/kamailio-server';
import { startBaresipCustomer, type BaresipCustomer } from './media/baresip-customer';
import { startRtpengine, type Rtpengine } from './media/rtpengine';
import { answerAndHearBothWays, CUSTOMER_NUMBER, CUSTOMER_TONE_HZ, customerCalls, PAGE_TONE_HZ, pageToneFlag, recordedSides } from './media/customer-call';
import { muLawAudio, readRecordedRtp } from './media/rtp-capture';
import { rms, toneShare } from './media/wav';
import { startKamailioForSeed } from './support/kamailio-for-seed';

let rtpengine: Rtpengine;
let kamailio: Kamailio;
let app: E2EApp;
let customer: BaresipCustomer;
const dir = mkdtempSync(join(tmpdir(), 'media-path-'));

const agentUri = (): string => kamailio.trunkUri(app.agents[0]!.phone);

async function answered(): Promise<void> {
  const heard = await answerAndHearBothWays(app.page, customer);
  process.stderr.write(`interop: media path: baresip heard rms ${heard.level.toFixed(3)}, ${(heard.pageTone * 100).toFixed(0)}% of it the page's ${PAGE_TONE_HZ} Hz tone\n`);
}

beforeAll(async () => {
  rtpengine = await startRtpengine();
  kamailio = await startKamailioForSeed({ trunk: { rtpengineNg: rtpengine.ngAddress, campaign: 'Entrante<-' } });
  customer = await startBaresipCustomer({ number: CUSTOMER_NUMBER, toneHz: CUSTOMER_TONE_HZ });
  app = await startApp({
    simulatorExtensions: [],
    overrides: { sipUrl: kamailio.wsUrl },
    viewport: { width: 1100, height: 900 },
    chromiumArgs: [pageToneFlag(dir)],
  });
  await signIn(app, { instanceUrl: app.sim.baseUrl });
  await app.page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  // MEDIA_DEBUG=<file>: the servers' logs, to read a failure afterwards.
  if (process.env['MEDIA_DEBUG']) writeFileSync(process.env['MEDIA_DEBUG'], `${kamailio?.log() ?? ''}\n----- rtpengine\n${rtpengine?.log() ?? ''}\n----- baresip\n${customer?.log() ?? ''}`);
  await app?.close();
  await customer?.stop();
  await kamailio?.stop();
  await rtpengine?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a customer on plain SIP through Kamailio and rtpengine', () => {
  it('rings the app; the agent answers in the UI; audio both ways, measured at both ends', async () => {
    await customerCalls(app.page, customer, agentUri());
    expect(await app.page.getByTestId('call-who').textContent()).toContain(customer.number);
    await answered();
  }, 60_000);

  it('sends the keypad\'s digits to the customer as RFC 4733 events, in order', async () => {
    const { page } = app;
    await page.getByTestId('keypad-toggle').click();
    for (const key of ['1', '2', '3', '#']) await page.getByTestId('dtmf-keypad').locator(`[data-key="${key}"]`).click();
    await until('baresip receives the digits', async () => customer.digits(), (d) => d.length >= 4);
    expect(customer.digits()).toBe('123#');
  }, 30_000);

  it('holds (silence on the customer\'s leg, both ways) and resumes (the page\'s tone again): re-INVITEs through Kamailio and rtpengine', async () => {
    const { page } = app;
    await page.getByTestId('hold').click();
    await panelState(page, 'held').waitFor();
    const heldAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.getByTestId('hold').click();
    await panelState(page, 'active').waitFor();
    const resumedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // baresip 1.0 stops recording after a re-INVITE (its aubridge player needs an aubridge source to run), so the
    // customer's leg is read from rtpengine's recording of the call: what it relays, SRTP already decrypted.
    const packets = readRecordedRtp(rtpengine.recordingDir);
    const sides = recordedSides(packets);
    const toCustomer = (from: number, to: number) => muLawAudio(packets, (p) => sides.fromPage(p) && p.at >= from && p.at < to);
    const fromCustomer = (from: number, to: number) => packets.filter((p) => sides.fromCustomer(p) && p.at >= from && p.at < to).length;
    const onHold = toCustomer(heldAt + 1_000, heldAt + 3_000);
    const resumed = toCustomer(resumedAt + 1_000, resumedAt + 2_500);
    const customerOnHold = fromCustomer(heldAt + 1_000, heldAt + 3_000);
    const customerResumed = fromCustomer(resumedAt + 1_000, resumedAt + 2_500);
    process.stderr.write(
      `interop: hold: the customer's leg carried rms ${rms(onHold).toFixed(4)} (${onHold.length} samples) from the agent on hold and ` +
        `rms ${rms(resumed).toFixed(3)} after resume (${(toneShare(resumed, 8_000, PAGE_TONE_HZ) * 100).toFixed(0)}% the page's tone); ` +
        `the customer sent ${customerOnHold} packets in 2 s on hold, ${customerResumed} in 1.5 s after\n`,
    );
    expect(rms(onHold)).toBeLessThan(0.005);
    expect(rms(resumed)).toBeGreaterThan(0.01);
    expect(toneShare(resumed, 8_000, PAGE_TONE_HZ)).toBeGreaterThan(0.8);
    // The customer answered recvonly: nothing from it while held; both ways again after.
    expect(customerOnHold).toBeLessThan(5);
    expect(customerResumed).toBeGreaterThan(50);
    await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page hears the customer again');
  }, 30_000);

  it('the customer hangs up: the app ends the call and opens the disposition', async () => {
    const { page } = app;
    await customer.hangUp();
    const form = page.locator('[data-testid=disposition-form]');
    await form.waitFor({ timeout: 10_000 });
    expect(await form.getAttribute('data-guid')).toMatch(/^[0-9a-f]{32}$/);
    await form.locator('input[name=l1]').fill('Contactado');
    await page.getByTestId('disposition-submit').click();
    await form.waitFor({ state: 'detached' });
  }, 30_000);

  it('the agent hangs up: baresip sees the BYE', async () => {
    const closedBefore = customer.events().filter((e) => e.type === 'CALL_CLOSED').length;
    await customerCalls(app.page, customer, agentUri());
    await answered();
    await app.page.getByTestId('hang-up').click();
    await until('baresip sees the call closed', async () => customer.events().filter((e) => e.type === 'CALL_CLOSED').length, (n) => n > closedBefore);
    await app.page.locator('[data-testid=disposition-form]').waitFor();
  }, 60_000);
});
