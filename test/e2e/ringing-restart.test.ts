// A call ringing when the platform restarts (issue 23), in the app: the
// browser host, real Chromium, the simulator's POST /__sim/restart.
// - crash: no CANCEL can come; the ring stops as soon as the phone has lost
//   its connection (no answer could reach the platform over another), a line
//   says why, the missed list says "the connection to the platform was lost"
//   (a crash and a cut network look alike to the phone), and a fresh queue
//   call rings alone, never as "waiting";
// - graceful: the platform's CANCEL, then its socket closes "going away":
//   missed as "the platform restarted", not "the caller hung up";
// - the dead call while the platform is down: nothing left to answer, no
//   "answering", no wrap-up, the screen says why, recent calls say missed;
// - a live call the crash took: its wrap-up says the connection to the
//   platform was lost, not the network; recent calls "cut off" with why.
// Screenshots in both languages under test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseLanguage, phoneOnline, screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { callWithAudio as callWithAudioOf, discardWrapUps, panelState, simCall, until, type SimCall } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 900 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const offline = (page: Page) => page.locator('[data-testid=connection]:not([data-state=online])').waitFor({ timeout: 10_000 });

/** The platform signed the agent in again after its restart (main does it once the phone is back). */
async function signedInAgain(): Promise<void> {
  const agent = app.agents[0]!;
  await until(async () => {
    const state = await app.simState().catch(() => null);
    const record = (state?.['agents'] as { accountcode: string; loggedIn: boolean }[] | undefined)?.find((a) => a.accountcode === agent.agent);
    return record?.loggedIn === true;
  }, 'main signed the agent in again', 30_000);
}

async function queueCall(from: string): Promise<string> {
  return ((await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from })) as { guid: string }).guid;
}

async function restart(mode: 'crash' | 'graceful', downSeconds: number): Promise<void> {
  await simControl(app.sim, 'POST', '/restart', { mode, downSeconds });
}

const missedReasons = async (page: Page): Promise<string[]> =>
  page.locator('[data-testid=missed-call]').evaluateAll((items) => items.map((li) => li.getAttribute('data-reason') ?? ''));

async function dismissMissed(page: Page): Promise<void> {
  if (await page.getByTestId('missed-dismiss-all').isVisible().catch(() => false)) await page.getByTestId('missed-dismiss-all').click();
  await page.getByTestId('missed-calls').waitFor({ state: 'detached' });
}

const callWithAudio = (number: string): Promise<SimCall> => callWithAudioOf(app, number);

describe('a call ringing when the platform crashes', () => {
  it('stops ringing as soon as the connection is lost, says why, is missed as "connection lost"; a fresh queue call rings alone', async () => {
    const { page } = app;
    await queueCall('098123001');
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    await restart('crash', 3);
    await offline(page);
    // The ring is over with its connection, while the platform is still down: no ring the agent could not answer.
    await page.getByTestId('call-bar').waitFor({ state: 'detached', timeout: 2_000 });
    expect(await panelState(page, 'ringing').count()).toBe(0);
    expect(await page.locator('[data-testid=connection]').getAttribute('data-state')).not.toBe('online');
    expect(await page.getByTestId('call-lost').textContent()).toMatch(/098123001.*Se perdió la conexión con la plataforma mientras sonaba/);
    await phoneOnline(page);
    await page.locator('[data-testid=missed-call][data-reason=connection-lost]').waitFor();
    expect(await page.getByTestId('missed-calls').textContent()).toMatch(/se perdió la conexión con la plataforma mientras sonaba/);
    expect(await page.getByTestId('missed-calls').textContent()).not.toMatch(/colgó|red\b/);
    await screenshotsInBothLanguages(page, 'ringing-crash-stopped');
    await chooseLanguage(page, 'en');
    expect(await page.getByTestId('call-lost').textContent()).toMatch(/The connection to the platform was lost while it rang/);
    await chooseLanguage(page, 'es');

    // The platform offers the next customer: it rings as the only call.
    await signedInAgain();
    const fresh = await queueCall('098123002');
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('waiting-call').count()).toBe(0);
    expect(await page.getByTestId('call-who').textContent()).toContain('098123002');
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 10_000 });
    await until(async () => (await simCall(app, fresh)).status === 'active', 'the platform sees the fresh call answered');
    // The notice has served once the agent is on another call.
    expect(await page.getByTestId('call-lost').count()).toBe(0);
    await page.getByTestId('hang-up').click();
    await discardWrapUps(page);
    await dismissMissed(page);
  }, 120_000);
});

describe('a call ringing when the platform restarts gracefully', () => {
  it('the CANCEL before its "going away" close is recorded as the restart, not as the caller hanging up', async () => {
    const { page } = app;
    await queueCall('098123003');
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    await restart('graceful', 2);
    await page.getByTestId('call-bar').waitFor({ state: 'detached', timeout: 5_000 });
    await page.locator('[data-testid=missed-call][data-reason=platform-restarted]').waitFor({ timeout: 5_000 });
    expect(await missedReasons(page)).toEqual(['platform-restarted']);
    expect(await page.getByTestId('missed-calls').textContent()).toMatch(/la plataforma se reinició mientras sonaba/);
    await screenshotsInBothLanguages(page, 'ringing-graceful-missed');
    await phoneOnline(page);
    await signedInAgain();
    await dismissMissed(page);
  }, 90_000);
});

describe('a call whose platform crashed while it rang', () => {
  it('leaves nothing to answer into the void: no "answering", no wrap-up, the screen says why, recent calls say missed', async () => {
    const { page } = app;
    const guid = await queueCall('098123004');
    await panelState(page, 'ringing').waitFor({ timeout: 10_000 });
    await restart('crash', 6);
    await offline(page);
    await page.getByTestId('call-lost').waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('answer').count()).toBe(0);
    expect(await page.getByTestId('call-panel').count()).toBe(0);
    expect(await page.getByTestId('disposition-form').count()).toBe(0);
    expect(await page.getByTestId('call-lost').textContent()).toMatch(/098123004.*ya no se puede atender/);
    await page.locator('[data-testid=missed-call][data-reason=connection-lost]').waitFor();
    await screenshotsInBothLanguages(page, 'ringing-answered-dead');
    await phoneOnline(page);
    await signedInAgain();
    expect(await page.getByTestId('disposition-form').count()).toBe(0);
    const record = await simCall(app, guid);
    expect(record).toMatchObject({ status: 'ended', endedBy: 'failed' });
    await page.locator('[data-testid=recent-calls] > summary').click();
    const recent = page.locator('[data-testid=recent-call]').first();
    await until(async () => (await recent.textContent())?.includes('098123004'), 'recent calls list the call');
    expect(await recent.getAttribute('data-outcome')).toBe('missed');
    expect(await recent.textContent()).toMatch(/Perdida \(se perdió la conexión con la plataforma mientras sonaba\)/);
    await screenshotsInBothLanguages(page, 'ringing-answered-dead-recent');
    await page.locator('[data-testid=recent-calls] > summary').click();
    await page.getByTestId('call-lost-dismiss').click();
    await dismissMissed(page);
  }, 120_000);
});

describe('a live call the platform crash took', () => {
  it('its wrap-up says the connection to the platform was lost (not the network); recent calls say cut off, and why', async () => {
    const { page } = app;
    const call = await callWithAudio('099523001');
    await restart('crash', 3);
    await offline(page);
    await phoneOnline(page);
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor({ timeout: 15_000 });
    const banner = await page.getByTestId('dispo-dropped').textContent();
    expect(banner).toMatch(/Esta llamada se cortó\. Se perdió la conexión con la plataforma/);
    expect(banner).not.toMatch(/la red/);
    await page.locator('[data-testid=recent-calls] > summary').click();
    const recent = page.locator('[data-testid=recent-call][data-outcome=dropped]').first();
    await recent.waitFor({ timeout: 5_000 });
    expect(await recent.textContent()).toMatch(/Cortada \(se perdió la conexión con la plataforma\)/);
    await screenshotsInBothLanguages(page, 'live-crash-wrap-up');
    await chooseLanguage(page, 'en');
    expect(await page.getByTestId('dispo-dropped').textContent()).toMatch(/This call was cut off\. The connection to the platform was lost/);
    expect(await recent.textContent()).toMatch(/Cut off \(the connection to the platform was lost\)/);
    await chooseLanguage(page, 'es');
    await page.locator('[data-testid=recent-calls] > summary').click();
    await signedInAgain();
    await discardWrapUps(page);
  }, 120_000);
});
