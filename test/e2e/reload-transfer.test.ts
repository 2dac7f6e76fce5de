// Issue 24 with issue 22's transfers: ana's page is reloaded while a transfer
// is under way, in the browser host against the simulator, with bruno
// (extension 1002) as the colleague in a Chromium of his own. Each microphone
// sings its own tone (ana 1000 Hz, bruno 1500 Hz, the simulator's customer
// 440 Hz), so what each end hears is told apart by voice.
//   - During a consultation (the customer held, ana talking to bruno): the new
//     page takes both calls back; the customer is still held, ana and bruno
//     hear each other, the panel shows the consultation; Swap and Complete
//     still work (the customer and bruno then talk: measured at both), or
//     Cancel does (ana is back with the customer).
//   - While the consultation still rings at bruno: the new page cancels it
//     (he stops ringing) and the customer waits held, resumable.
//   - During a blind transfer (REFER sent, bruno still ringing): the new page
//     takes the call back and follows the NOTIFYs that now come to it; when
//     bruno answers, ana's leg ends and her wrap-up says where the call went.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMicrophoneFlag, voiceLevel } from '../interop/media/customer-call';
import { customerHeard, discardWrapUps, openTransfer, pageLevel, panelState, simCall, simCalls, until } from './calls-kit';
import { installHearingProbe, installHearingProbeOnLoad, voicesHeard } from './hearing-probe';
import { installSenderWatch, installSenderWatchOnLoad, sendersReport, simLegsReport } from './send-report';
import { phoneOnline, screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { openOtherAgent, type OtherAgent } from './other-agent';
import { customerHearsAgent } from './reload-kit';

interface SimTransfer { kind: string; by: string; target: string; outcome: string; result: number; notified: number[]; transfererLeg: string }

let app: E2EApp;
let bruno: OtherAgent;
let dir: string;

const CUSTOMER_HZ = 440;
const ANA_HZ = 1_000;
const BRUNO_HZ = 1_500;
/** A voice counts as heard above this RMS (the level transfer.test.ts uses). */
const HEARD = 0.01;

const voice = (name: string, hz: number): string => fakeMicrophoneFlag(dir, { name, frequency: hz, vibratoHz: 60 });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reload-transfer-e2e-'));
  app = await startSignedIn({ viewport: { width: 1100, height: 900 }, chromiumArgs: [voice('ana', ANA_HZ)] });
  bruno = await openOtherAgent(app, 1, { chromiumArgs: [voice('bruno', BRUNO_HZ)] });
  // Ana's page is reloaded: the probe must be in place before the new page takes its calls back.
  await installHearingProbeOnLoad(app.page);
  await installHearingProbe(bruno.page);
  await installSenderWatchOnLoad(app.page);
  await installSenderWatch(bruno.page);
}, 180_000);
afterAll(async () => {
  await bruno?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const page of [app.page, bruno.page]) await discardWrapUps(page);
});
// A case that failed half-way leaves no call behind for the next one.
afterEach(async () => {
  await simControl(app.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'early' });
  for (const call of await simCalls(app)) {
    if (call.status !== 'ended') await simControl(app.sim, 'POST', `/calls/${call.guid}/hangup`).catch(() => undefined);
  }
});

const transfers = async (): Promise<SimTransfer[]> => (await app.simState())['transfers'] as SimTransfer[];

async function customerCallsAna(): Promise<string> {
  const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Cobranzas->', from: '099555111', data: 'nombre=Carlos;deuda=1200' })) as { guid: string };
  await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
  await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer');
  return guid;
}

/** Ana holds the customer and calls bruno, who answers; both hear each other. */
async function consultBruno(): Promise<void> {
  await openTransfer(app.page, '1002');
  await app.page.getByTestId('transfer-search').press('Control+Enter');
  await app.page.getByTestId('consultation-card').waitFor({ timeout: 10_000 });
  await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
  await bruno.page.getByTestId('answer').first().click();
  await until(async () => !(await app.page.getByTestId('consult-complete').isDisabled()), 'bruno answered');
  await until(async () => (await pageLevel(bruno.page)) > 0.01, 'bruno hears ana');
}

/** What ana's and bruno's pages hear of each other's voice now. */
async function consultationVoices(): Promise<{ anaHearsBruno: number; brunoHearsAna: number }> {
  const [atAna, atBruno] = await Promise.all([voicesHeard(app.page, [BRUNO_HZ]), voicesHeard(bruno.page, [ANA_HZ])]);
  return { anaHearsBruno: atAna.voices[BRUNO_HZ] ?? 0, brunoHearsAna: atBruno.voices[ANA_HZ] ?? 0 };
}

/** A page about to be reloaded is marked, so the reads below tell its document from the new one. */
const OLD_PAGE_MARK = 'reloadTransferOldPage';
/** The level a page's call panel meter shows now (0 without one, or on a marked old document), without waiting for the panel to appear. */
const levelNow = (page: Page): Promise<number> =>
  page
    .evaluate((mark) => (mark in window ? 0 : Number(document.querySelector('[data-testid=remote-level]')?.getAttribute('data-level') ?? '0')), OLD_PAGE_MARK)
    .catch(() => 0);
const onlineNow = (page: Page): Promise<boolean> =>
  page.evaluate((mark) => !(mark in window) && document.querySelector('[data-testid=connection][data-state=online]') !== null, OLD_PAGE_MARK).catch(() => false);

/**
 * Reloads ana's page and measures, polling every 50 ms from the moment the
 * reload begins, when ana's phone is online and when audio flows both ways on
 * the consultation again: ana's page hears bruno (its panel's meter: the new
 * page's call) and bruno hears ana (his meter, once it fell silent with the
 * old page, rises again). Bruno is watched during the reload itself: a
 * take-over done by the time the new page's load event fires must not hide
 * his silence.
 */
async function reloadAndMeasureConsultation(): Promise<{ online: number; both: number; anaHears: number; brunoHears: number }> {
  await app.page.evaluate((mark) => Object.assign(window, { [mark]: true }), OLD_PAGE_MARK);
  const startedAt = Date.now();
  let reloadError: unknown = null;
  const reloading = app.page.reload().catch((error: unknown) => {
    reloadError = error;
  });
  let onlineAt = 0;
  let anaAt = 0;
  let brunoSilent = false;
  let brunoAt = 0;
  const trace: string[] = [];
  let stuckReported = false;
  while ((!onlineAt || !anaAt || !brunoAt) && Date.now() < startedAt + 20_000 && reloadError === null) {
    const [online, atAna, atBruno] = await Promise.all([onlineNow(app.page), levelNow(app.page), levelNow(bruno.page)]);
    const now = Date.now();
    if (!onlineAt && online) onlineAt = now;
    if (!anaAt && atAna > HEARD) anaAt = now;
    // Still one way 5 s after online (the CI's load once made it 15 s): say, while it lasts, which end sends what.
    if (onlineAt && !anaAt && !stuckReported && now - onlineAt > 5_000) {
      stuckReported = true;
      process.stderr.write(`e2e: reload during a consultation, ana still hears nothing 5 s after online: senders at ana: ${await sendersReport(app.page)}; at bruno: ${await sendersReport(bruno.page)}; simulator legs: ${await simLegsReport(app)}\n`);
    }
    if (trace.length < 100) trace.push(`${now - startedAt}:${atAna.toFixed(3)}/${atBruno.toFixed(3)}`);
    if (atBruno < 0.005) brunoSilent = true;
    else if (brunoSilent && !brunoAt && atBruno > HEARD) brunoAt = now;
    await new Promise((r) => setTimeout(r, 50));
  }
  await reloading;
  if (reloadError !== null) throw reloadError;
  if (!onlineAt || !anaAt || !brunoAt) {
    throw new Error(
      `the consultation was not back within 20 s (online ${onlineAt > 0}, ana hears ${anaAt > 0}, bruno hears ${brunoAt > 0}; ana's/bruno's level, ms from the reload: ${trace.join(' ')}; ` +
        `senders at ana: ${await sendersReport(app.page)}; at bruno: ${await sendersReport(bruno.page)}; simulator legs: ${await simLegsReport(app)})`,
    );
  }
  return { online: onlineAt - startedAt, both: Math.max(anaAt, brunoAt) - startedAt, anaHears: anaAt - startedAt, brunoHears: brunoAt - startedAt };
}

/** Reloads ana's page during the consultation and waits until both calls are back: the customer held, the consultation live with audio both ways. */
async function reloadDuringConsultation(guid: string): Promise<void> {
  const times = await reloadAndMeasureConsultation();
  await app.page.locator('[data-testid=consultation-card][data-state=open]').waitFor({ timeout: 15_000 });
  await app.page.locator('[data-testid=takeover-notice][data-kind=consultationRecovered]').waitFor({ timeout: 10_000 });
  await panelState(app.page, 'active').waitFor({ timeout: 10_000 });
  expect(await app.page.getByTestId('call-who').textContent()).toContain('1002');
  const voices = await until(async () => {
    const v = await consultationVoices();
    return v.anaHearsBruno > HEARD && v.brunoHearsAna > HEARD ? v : null;
  }, 'ana and bruno hear each other after the reload');
  process.stderr.write(
    `e2e: reload during a consultation: phone online ${times.online} ms after the reload began, audio both ways on the consultation ${times.both} ms after it ` +
      `(${Math.max(0, times.both - times.online)} ms after online; ana heard bruno at ${times.anaHears} ms, bruno heard ana at ${times.brunoHears} ms); ana hears bruno ${voices.anaHearsBruno.toFixed(3)}, bruno hears ana ${voices.brunoHearsAna.toFixed(3)}\n`,
  );
  // How soon is printed, not judged: under CI's whole-suite load one run's page took 4 s to come online and
  // 14 s more to hear bruno (he heard ana 2 s after the reload), where a quiet or busy machine takes 0.3–0.9 s.
  // The 2 s target of a reload is bench/reload.ts's; here the proof is that both ways come back (within 20 s).
  // The customer is still held at the platform and hears nothing of ana.
  expect((await simCall(app, guid)).status).toBe('held');
  expect((await simCall(app, guid)).phone).toBe('1001');
  expect(await customerHearsAgent(app, guid)).toBe(false);
}

describe('a reload during a consultation', () => {
  it('takes back the held customer and the consultation; Swap and Complete work after it: the customer and bruno talk', { timeout: 120_000 }, async () => {
    const guid = await customerCallsAna();
    await consultBruno();
    await reloadDuringConsultation(guid);
    await screenshotsInBothLanguages(app.page, 'reload-transfer-consultation');
    // Swap: ana talks to the customer again (bruno held), and back.
    await app.page.getByTestId('consult-swap').click();
    await until(async () => (await app.page.getByTestId('call-who').textContent())?.includes('099555111') ?? false, 'ana talks to the customer again');
    await until(() => customerHearsAgent(app, guid), 'the customer hears ana after the swap');
    await app.page.getByTestId('consult-swap').click();
    await until(async () => (await app.page.getByTestId('call-who').textContent())?.includes('1002') ?? false, 'ana talks to bruno again');
    await app.page.getByTestId('consult-complete').click();
    const wrap = app.page.getByTestId('dispo-transferred');
    await wrap.waitFor({ timeout: 15_000 });
    expect(await wrap.textContent()).toMatch(/1002/u);
    const call = await until(async () => {
      const c = await simCall(app, guid);
      return c.phone === '1002' ? c : null;
    }, 'the platform bridged the customer to bruno');
    expect(call.status).toBe('active');
    expect((await transfers()).slice(-1)[0]).toMatchObject({ kind: 'attended', by: '1001', outcome: 'completed' });
    // The customer and bruno talk: each hears the other's voice.
    const heard = await until(async () => {
      const atCustomer = voiceLevel(await customerHeard(app, guid), 8_000, { name: 'bruno', frequency: BRUNO_HZ, vibratoHz: 60 });
      const atBruno = (await voicesHeard(bruno.page, [CUSTOMER_HZ])).voices[CUSTOMER_HZ] ?? 0;
      return atCustomer > HEARD && atBruno > HEARD ? { atCustomer, atBruno } : null;
    }, 'the customer and bruno hear each other');
    process.stderr.write(`e2e: after Complete the customer hears bruno ${heard.atCustomer.toFixed(3)}, bruno hears the customer ${heard.atBruno.toFixed(3)}\n`);
    await screenshotsInBothLanguages(app.page, 'reload-transfer-completed');
    await bruno.page.getByTestId('hang-up').click();
  });

  it('takes both back, and Cancel after it brings ana back to the customer', { timeout: 120_000 }, async () => {
    const guid = await customerCallsAna();
    await consultBruno();
    await reloadDuringConsultation(guid);
    await app.page.getByTestId('consult-cancel').click();
    await app.page.getByTestId('consultation-card').waitFor({ state: 'detached', timeout: 10_000 });
    await panelState(app.page, 'active').waitFor({ timeout: 10_000 });
    await until(async () => (await simCall(app, guid)).status === 'active', 'the platform sees the customer resumed');
    await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer again');
    await until(() => customerHearsAgent(app, guid), 'the customer hears ana again');
    await panelState(bruno.page, 'active').waitFor({ state: 'detached', timeout: 10_000 });
    expect((await simCall(app, guid)).phone).toBe('1001');
    await screenshotsInBothLanguages(app.page, 'reload-transfer-cancelled');
    await app.page.getByTestId('hang-up').click();
  });
});

describe('a reload while the consultation still rings', () => {
  it('cancels it: bruno stops ringing, ana is told, the customer waits held and comes back with a resume', { timeout: 90_000 }, async () => {
    const guid = await customerCallsAna();
    await openTransfer(app.page, '1002');
    await app.page.getByTestId('transfer-search').press('Control+Enter');
    await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
    await app.page.reload();
    await app.page.locator('[data-testid=takeover-notice][data-kind=consultationCancelled]').waitFor({ timeout: 15_000 });
    // The platform took the CANCEL: its record of ana's call to bruno ended, and bruno's phone no longer rings.
    await until(async () => (await simCalls(app)).filter((c) => c.origin === 'phone').at(-1)?.status === 'ended' || null, 'the platform ended the consultation call');
    await panelState(bruno.page, 'ringing').waitFor({ state: 'detached', timeout: 10_000 });
    await panelState(app.page, 'held').waitFor();
    expect(await app.page.getByTestId('consultation-card').count()).toBe(0);
    expect((await simCall(app, guid)).status).toBe('held');
    await screenshotsInBothLanguages(app.page, 'reload-transfer-ringing-cancelled');
    await app.page.getByTestId('hold').click();
    await panelState(app.page, 'active').waitFor({ timeout: 10_000 });
    await until(() => customerHearsAgent(app, guid), 'the customer hears ana again');
    await until(async () => (await pageLevel(app.page)) > HEARD, 'ana hears the customer again');
    await app.page.getByTestId('hang-up').click();
  });
});

/** Ana transfers the customer to bruno (blind) and her page is reloaded while bruno rings; the new page has the call back, held, the transfer still ringing. */
async function reloadDuringBlindTransfer(): Promise<string> {
  // The final NOTIFY comes when the target answers (not at the first ringback), so bruno's ringing is the transfer in progress.
  await simControl(app.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer' });
  const guid = await customerCallsAna();
  await openTransfer(app.page, '1002');
  await app.page.getByTestId('transfer-search').press('Enter');
  await panelState(bruno.page, 'ringing').waitFor({ timeout: 15_000 });
  await app.page.locator('[data-testid=transfer-progress][data-stage=ringing]').waitFor({ timeout: 10_000 });
  await app.page.reload();
  await phoneOnline(app.page);
  await panelState(app.page, 'held').waitFor({ timeout: 15_000 });
  await app.page.locator('[data-testid=transfer-progress][data-stage=ringing]').waitFor({ timeout: 10_000 });
  await app.page.locator('[data-testid=takeover-notice][data-kind=recovered]').waitFor();
  return guid;
}

describe('a reload during a blind transfer', () => {
  it('follows the transfer on the new page: when bruno answers, ana\'s leg ends and her wrap-up says where the call went', { timeout: 120_000 }, async () => {
    const guid = await reloadDuringBlindTransfer();
    await screenshotsInBothLanguages(app.page, 'reload-transfer-blind-ringing');
    await bruno.page.getByTestId('answer').first().click();
    const wrap = app.page.getByTestId('dispo-transferred');
    await wrap.waitFor({ timeout: 15_000 });
    expect(await wrap.textContent()).toMatch(/1002/u);
    await until(async () => (await simCall(app, guid)).phone === '1002' || null, 'the customer is with bruno');
    // The new page hung up ana's leg (the platform waited for that BYE), not the platform's timer.
    const last = await until(async () => {
      const t = (await transfers()).slice(-1)[0];
      return t?.transfererLeg === 'bye-received' ? t : null;
    }, 'the platform received the BYE of ana\'s leg');
    expect(last).toMatchObject({ kind: 'blind', by: '1001', outcome: 'completed', result: 200 });
    await until(async () => (await voicesHeard(bruno.page, [CUSTOMER_HZ])).voices[CUSTOMER_HZ]! > HEARD || null, 'bruno hears the customer');
    await screenshotsInBothLanguages(app.page, 'reload-transfer-blind-done');
    await bruno.page.getByTestId('hang-up').click();
  });

  it('follows a failure too: bruno declines, the platform had moved the customer (Asterisk), so the new page hangs up its leg, says the call has ended and asks for the wrap-up', { timeout: 120_000 }, async () => {
    const guid = await reloadDuringBlindTransfer();
    await bruno.page.getByTestId('reject').first().click();
    const said = app.page.getByTestId('transfer-said');
    await said.waitFor({ timeout: 15_000 });
    expect(await said.textContent()).toMatch(/terminó|has ended/iu);
    await app.page.locator(`[data-testid=disposition-form][data-guid="${guid}"]`).waitFor({ timeout: 10_000 });
    const last = await until(async () => {
      const t = (await transfers()).slice(-1)[0];
      return t?.transfererLeg === 'bye-received' ? t : null;
    }, "the platform received the BYE of ana's leg");
    expect(last).toMatchObject({ kind: 'blind', by: '1001', outcome: expect.not.stringMatching(/^completed$/u) });
    await screenshotsInBothLanguages(app.page, 'reload-transfer-blind-failed');
  });
});
