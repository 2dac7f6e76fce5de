// A headset's buttons on the simulator, through a test HID device in the page
// (fake-webhid.ts) with the Jabra Link 380c's published descriptor and the
// Jabra press recorded in WICG/webhid#61: "Connect headset" takes it, the ring
// light goes on when a call rings, the recorded off-hook press answers, the
// mute button mutes (the customer stops hearing the agent) and unmutes,
// on-hook hangs up. Lights are checked byte by byte against the descriptor's
// layout (report 2, byte 0: off-hook 0x01, mute 0x04, ring 0x08).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerHeard, discardWrapUps, panelState, simCall, until } from './calls-kit';
import { screenshotsInBothLanguages, simControl, startSignedIn, type E2EApp } from './harness';
import { installFakeHeadset, replayInputReport, sentReports } from './fake-webhid';
import { jabraLink380c } from '../headset/fixtures/descriptors';
import { jabraEngage50AnswerPress } from '../headset/fixtures/recorded-reports';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 900 } });
  await installFakeHeadset(app.context, { productName: 'Jabra Link 380', vendorId: 0x0b0e, productId: 0x2470, descriptor: jabraLink380c });
  // The hardware key reaches the page as a Media Session action; the test presses it by calling the page's handler.
  await app.context.addInitScript(() => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const own = MediaSession.prototype.setActionHandler;
    MediaSession.prototype.setActionHandler = function (this: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
      handlers.set(action, handler);
      own.call(this, action, handler);
    };
    (window as unknown as { __mediaKey: (action: MediaSessionAction) => boolean }).__mediaKey = (action) => {
      const handler = handlers.get(action);
      handler?.({ action });
      return Boolean(handler);
    };
  });
  await app.page.reload();
  await app.page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const lights = async (): Promise<number | undefined> => (await sentReports(app.page)).filter(([id]) => id === 2).at(-1)?.[1][0];
const customerLevel = async (guid: string): Promise<number> => {
  const heard = (await customerHeard(app, guid)).subarray(-8_000);
  let sum = 0;
  for (const sample of heard) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, heard.length));
};

describe('headset buttons (WebHID, replayed reports)', () => {
  it('connect; ring light; the recorded off-hook press answers; mute toggles mute; on-hook hangs up', async () => {
    const { page } = app;
    await page.getByTestId('open-workstation-settings').click();
    await page.getByTestId('headset-connect').click();
    await page.locator('[data-testid=headset-status][data-state=connected]').waitFor();
    // For its first 500 ms the decoder takes a report as the headset's state, not a press (headset-input-decoder.ts):
    // a real headset is connected long before a call. A fast run pressed within that window and the press was lost.
    const settledAt = Date.now() + 600;
    expect(await page.getByTestId('headset-status').textContent()).toBe('Auricular conectado: Jabra Link 380. Sus botones atienden, cuelgan, silencian y ponen en espera.');
    await screenshotsInBothLanguages(page, 'workstation-settings-headset');
    await page.keyboard.press('Escape');
    // All lights off at connect, the report's 2 bytes as the descriptor lays them out.
    expect(await sentReports(page)).toEqual([[2, [0, 0]]]);

    const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098200077' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    await until(async () => (await lights()) === 0x08, 'the ring light is on');

    await page.waitForTimeout(Math.max(0, settledAt - Date.now()));
    await replayInputReport(page, jabraEngage50AnswerPress.reportId, [...jabraEngage50AnswerPress.first]);
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    await until(async () => (await simCall(app, guid)).status === 'active', 'the simulator has the call answered');
    await until(async () => (await lights()) === 0x01, 'the off-hook light is on, ring off');
    await until(async () => (await customerLevel(guid)) > 0.01, 'the customer hears the agent');

    // Mute: bit 3 (Phone Mute) pressed while off-hook, then released.
    await replayInputReport(page, 2, [0x09, 0]);
    await replayInputReport(page, 2, [0x01, 0]);
    await until(async () => (await page.getByTestId('mute').getAttribute('aria-pressed')) === 'true', 'the call is muted');
    await until(async () => (await lights()) === 0x05, 'the mute light is on');
    await until(async () => (await customerLevel(guid)) < 0.002, 'the customer no longer hears the agent', 10_000);
    await replayInputReport(page, 2, [0x09, 0]);
    await replayInputReport(page, 2, [0x01, 0]);
    await until(async () => (await page.getByTestId('mute').getAttribute('aria-pressed')) === 'false', 'the call is unmuted');
    await until(async () => (await lights()) === 0x01, 'the mute light is off');

    // On-hook hangs up.
    await replayInputReport(page, 2, [0x00, 0]);
    await until(async () => (await simCall(app, guid)).endedBy === 'agent', 'the agent hung up from the headset');
    await until(async () => (await lights()) === 0x00, 'all lights off');
  }, 90_000);

  it('the play/pause key answers and hangs up only once the agent turned it on', async () => {
    const { page } = app;
    const pressKey = (action: 'play' | 'pause'): Promise<boolean> => page.evaluate((a) => (window as unknown as { __mediaKey: (action: string) => boolean }).__mediaKey(a), action);
    await discardWrapUps(page);
    const first = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098200078' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await pressKey('play')).toBe(false); // off by default: the page did not take the key
    await page.getByTestId('reject').click();
    await until(async () => (await simCall(app, first.guid)).status !== 'ringing', 'the first call is rejected');

    await page.getByTestId('open-workstation-settings').click();
    await page.getByTestId('workstation-settings').locator('input[name=mediaKeys]').check();
    await page.keyboard.press('Escape');
    const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098200079' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await pressKey('play')).toBe(true);
    await until(async () => (await simCall(app, guid)).status === 'active', 'the key answered the call');
    await new Promise((done) => setTimeout(done, 1_600)); // past the press-again guard (media-keys.ts SETTLE_MS)
    await pressKey('pause');
    await until(async () => (await simCall(app, guid)).endedBy === 'agent', 'the key hung up');
  }, 60_000);
});
