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
import { rms, toneShare, toneWav } from './media/wav';
import { muLawAudio, readRecordedRtp, type RtpPacket } from './media/rtp-capture';
import { startKamailioForSeed } from './support/kamailio-for-seed';

/** The agent's microphone (Chromium's fake capture plays this file) and the customer's: two tones told apart at each end. */
const PAGE_TONE_HZ = 1_000;
const CUSTOMER_TONE_HZ = 440;

let rtpengine: Rtpengine;
let kamailio: Kamailio;
let app: E2EApp;
let customer: BaresipCustomer;
const dir = mkdtempSync(join(tmpdir(), 'media-path-'));

/** RMS and the page tone's share of what baresip heard after sample `from` (8 kHz). */
function heardSince(from: number): { level: number; pageTone: number; samples: number } {
  const heard = customer.heard();
  if (!heard) return { level: 0, pageTone: 0, samples: 0 };
  const part = heard.samples.subarray(from);
  return { level: rms(part), pageTone: toneShare(part, heard.sampleRate, PAGE_TONE_HZ), samples: heard.samples.length };
}

/** The flow (`src>dst`) of the page's audio in rtpengine's recording: of the µ-law flows, the one carrying the page's tone. */
function pageFlow(packets: RtpPacket[]): string {
  const flows = [...new Set(packets.filter((p) => p.payloadType === 0).map((p) => `${p.src}>${p.dst}`))];
  const share = (flow: string) => toneShare(muLawAudio(packets, (p) => `${p.src}>${p.dst}` === flow), 8_000, PAGE_TONE_HZ);
  const found = flows.sort((a, b) => share(b) - share(a))[0];
  if (!found) throw new Error('rtpengine recorded no µ-law audio for the call');
  return found;
}

const heardCount = (): number => customer.heard()?.samples.length ?? 0;

async function customerCalls(): Promise<void> {
  const agent = app.agents[0]!;
  await customer.dial(kamailio.trunkUri(agent.phone));
  await panelState(app.page, 'ringing').waitFor({ timeout: 15_000 });
}

async function answerAndHearBothWays(): Promise<void> {
  const { page } = app;
  await page.getByTestId('answer').click();
  await panelState(page, 'active').waitFor({ timeout: 15_000 });
  await until('baresip says the call is established', async () => customer.events(), (e) => e.some((x) => x.type === 'CALL_ESTABLISHED'));
  await untilFound(async () => ((await pageLevel(page)) > 0.01 ? true : null), 'the page hears the customer');
  const from = heardCount();
  const heard = await until('baresip hears the page\'s tone', async () => heardSince(from), (h) => h.samples - from >= 8_000 && h.level > 0.01, { timeoutMs: 15_000 });
  process.stderr.write(`interop: media path: baresip heard rms ${heard.level.toFixed(3)}, ${(heard.pageTone * 100).toFixed(0)}% of it the page's ${PAGE_TONE_HZ} Hz tone\n`);
  expect(heard.pageTone).toBeGreaterThan(0.4);
}

beforeAll(async () => {
  const pageTone = join(dir, 'page-tone.wav');
  writeFileSync(pageTone, toneWav({ frequency: PAGE_TONE_HZ, seconds: 10, sampleRate: 48_000, amplitude: 0.3 }));
  rtpengine = await startRtpengine();
  kamailio = await startKamailioForSeed({ trunk: { rtpengineNg: rtpengine.ngAddress, campaign: 'Entrante<-' } });
  customer = await startBaresipCustomer({ number: '59899123456', toneHz: CUSTOMER_TONE_HZ });
  app = await startApp({
    simulatorExtensions: [],
    overrides: { sipUrl: kamailio.wsUrl },
    viewport: { width: 1100, height: 900 },
    chromiumArgs: [`--use-file-for-fake-audio-capture=${pageTone}`],
  });
  await signIn(app, { instanceUrl: app.sim.baseUrl });
  await app.page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  if (process.env['MEDIA_DEBUG']) writeFileSync('/tmp/media-debug.log', `${kamailio?.log() ?? ''}\n----- rtpengine\n${rtpengine?.log() ?? ''}\n----- baresip\n${customer?.log() ?? ''}`);
  await app?.close();
  await customer?.stop();
  await kamailio?.stop();
  await rtpengine?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a customer on plain SIP through Kamailio and rtpengine', () => {
  it('rings the app; the agent answers in the UI; audio both ways, measured at both ends', async () => {
    await customerCalls();
    expect(await app.page.getByTestId('call-who').textContent()).toContain(customer.number);
    await answerAndHearBothWays();
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
    const fromPage = pageFlow(packets);
    const toCustomer = (from: number, to: number) => muLawAudio(packets, (p) => `${p.src}>${p.dst}` === fromPage && p.at >= from && p.at < to);
    const fromCustomer = (from: number, to: number) => packets.filter((p) => p.payloadType === 0 && `${p.src}>${p.dst}` !== fromPage && p.at >= from && p.at < to).length;
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
    expect(toneShare(resumed, 8_000, PAGE_TONE_HZ)).toBeGreaterThan(0.3);
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
    await customerCalls();
    await answerAndHearBothWays();
    await app.page.getByTestId('hang-up').click();
    await until('baresip sees the call closed', async () => customer.events().filter((e) => e.type === 'CALL_CLOSED').length, (n) => n > closedBefore);
    await app.page.locator('[data-testid=disposition-form]').waitFor();
  }, 60_000);
});
