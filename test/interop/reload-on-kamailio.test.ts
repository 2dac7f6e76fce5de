// Issue 24 through real software: a customer on plain SIP (baresip, UDP, PCMU)
// calls the agent's extension on Kamailio, rtpengine bridges the media to the
// agent's DTLS-SRTP/ICE; the agent is the app (browser host + Chromium). The
// agent's page is reloaded mid-call: the new page's take-over re-INVITE goes
// through Kamailio (loose-routed by the old dialog's Route set) to baresip,
// rtpengine gets a new offer from the agent's side (new ICE and DTLS), and
// audio flows both ways again, measured at both ends: the page's level meter,
// and rtpengine's recording of what it relays to the customer (baresip 1.0
// stops recording at a re-INVITE: media-path.test.ts). Then the agent hangs up
// and baresip sees the BYE: the requests after the take-over find their way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLevel, panelState } from '../e2e/calls-kit';
import { screenshot, signIn, startApp, type E2EApp } from '../e2e/harness';
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
const dir = mkdtempSync(join(tmpdir(), 'reload-interop-'));

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
  if (process.env['MEDIA_DEBUG']) writeFileSync(process.env['MEDIA_DEBUG'], `${kamailio?.log() ?? ''}\n----- rtpengine\n${rtpengine?.log() ?? ''}\n----- baresip\n${customer?.log() ?? ''}`);
  await app?.close();
  await customer?.stop();
  await kamailio?.stop();
  await rtpengine?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a reload during a call through Kamailio and rtpengine', () => {
  it('takes the call back: audio both ways again at baresip and at the page; the agent\'s BYE reaches baresip', async () => {
    const { page } = app;
    await customerCalls(page, customer, kamailio.trunkUri(app.agents[0]!.phone));
    await answerAndHearBothWays(page, customer);
    await page.getByTestId('call-notes').fill('interop reload');
    await page.reload();
    const loadedAt = Date.now();
    await page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
    const onlineMs = Date.now() - loadedAt;
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    await until('the page hears the customer again', async () => pageLevel(page), (level) => level > 0.01, { timeoutMs: 15_000 });
    const pageHearsMs = Date.now() - loadedAt;
    // What rtpengine relays to the customer from the new page: its tone, not silence.
    const toCustomer = await until('rtpengine relays the new page\'s audio to the customer', async () => {
      const packets = readRecordedRtp(rtpengine.recordingDir);
      const sides = recordedSides(packets);
      const after = packets.filter((p) => sides.fromPage(p) && p.at > loadedAt);
      return { first: after[0]?.at ?? 0, audio: muLawAudio(packets, (p) => sides.fromPage(p) && p.at > loadedAt + 500) };
    }, (r) => r.audio.length >= 8_000, { timeoutMs: 15_000 });
    process.stderr.write(
      `interop: reload: the phone was online ${onlineMs} ms after the load event, the page heard the customer ${pageHearsMs} ms after it; rtpengine relayed the new page's audio ${Math.round(toCustomer.first - loadedAt)} ms after it ` +
        `(rms ${rms(toCustomer.audio).toFixed(3)}, ${(toneShare(toCustomer.audio, 8_000, PAGE_TONE_HZ) * 100).toFixed(0)}% the page's tone)\n`,
    );
    expect(rms(toCustomer.audio)).toBeGreaterThan(0.01);
    expect(toneShare(toCustomer.audio, 8_000, PAGE_TONE_HZ)).toBeGreaterThan(0.8);
    expect(await page.getByTestId('call-notes').inputValue()).toBe('interop reload');
    await page.locator('[data-testid=takeover-notice][data-kind=recovered]').waitFor();
    await screenshot(page, 'reload-call-kamailio-es');
    const closedBefore = customer.events().filter((e) => e.type === 'CALL_CLOSED').length;
    await page.getByTestId('hang-up').click();
    await until('baresip sees the BYE of the new page', async () => customer.events().filter((e) => e.type === 'CALL_CLOSED').length, (n) => n > closedBefore, { timeoutMs: 10_000 });
    await page.locator('[data-testid=disposition-form]').waitFor();
  }, 90_000);
});
