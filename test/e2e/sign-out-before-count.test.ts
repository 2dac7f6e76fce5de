// The sign-out dialog asks main how many finished calls still wait for a
// disposition. An agent who types a message and presses Enter before main has
// answered (a busy workstation; CI found it) is neither ignored nor let past
// the warning: nothing waiting signs out as asked, a call waiting shows the
// warning with "record them first" focused, and no Log Out is sent.
// The bridge's reply to `calls.pendingWrapUps` is held by the test until it
// lets it go (bridge-hold.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeBridge, type BridgeHold } from './bridge-hold';
import { phoneOnline, screenshot, startSignedIn, type E2EApp } from './harness';
import { dialFromPad, disposeInForm } from './calls-kit';

let app: E2EApp;
let bridge: BridgeHold;

beforeAll(async () => {
  app = await startSignedIn();
  bridge = await routeBridge(app.page);
  await phoneOnline(app.page);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const logoutCount = async () => ((await app.simState())['logouts'] as unknown[]).length;

/** Opens the sign-out dialog from the keyboard with main's count held back; returns once the reply is held. */
async function openSignOutWithCountHeld(): Promise<void> {
  bridge.hold('calls.pendingWrapUps');
  await app.page.locator('.app-header button').filter({ hasText: /cerrar sesión|sign out/i }).focus();
  await app.page.keyboard.press('Enter');
  await app.page.locator('dialog[open]').waitFor();
  await expect.poll(() => bridge.held()).toBe(1);
}

describe('sign-out confirmed before main says how many calls wait', () => {
  it('with a call waiting for its disposition: shows the warning instead of signing out', async () => {
    const { page } = app;
    const call = await dialFromPad(app, '099123456');
    await page.getByTestId('hang-up').click();
    await page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`).waitFor();
    const logoutsBefore = await logoutCount();

    await openSignOutWithCountHeld();
    await page.keyboard.type('Almuerzo');
    await page.keyboard.press('Enter');
    bridge.release();
    const dialog = page.locator('dialog[open]');
    await dialog.getByTestId('sign-out-pending').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sign-out-record-first');
    expect(await logoutCount()).toBe(logoutsBefore);
    expect(await page.getByTestId('agent-name').isVisible()).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await disposeInForm(page, call.guid, 'Contactado');
  }, 60_000);

  it('with nothing waiting: the Enter pressed early signs out with the message', async () => {
    const { page } = app;
    await openSignOutWithCountHeld();
    await page.keyboard.type('Descanso');
    await page.keyboard.press('Enter');
    expect(await page.locator('dialog[open]').isVisible()).toBe(true);
    await screenshot(page, 'sign-out-confirmed-before-count');
    bridge.release();
    await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
    const logouts = (await app.simState())['logouts'] as { message: string }[];
    expect(logouts.at(-1)?.message).toBe('Descanso');
  }, 60_000);
});
