// The sign-out dialog asks main how many finished calls still wait for a
// disposition. An agent who types a message and presses Enter before main has
// answered (a busy workstation; CI found it) is neither ignored nor let past
// the warning: nothing waiting signs out as asked, a call waiting shows the
// warning with "record them first" focused, and no Log Out is sent.
// The bridge's reply to `calls.pendingWrapUps` is held by the test (Playwright
// routes the page's bridge socket to the real host) until it lets it go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocketRoute } from 'playwright-core';
import { BRIDGE_PATH } from '../../common/ipc/bridge-path';
import { phoneOnline, screenshot, startSignedIn, type E2EApp } from './harness';
import { dialFromPad, disposeInForm } from './calls-kit';

let app: E2EApp;
/** Replies to `calls.pendingWrapUps` held back, and whether to hold the next ones. */
const held: (() => void)[] = [];
let holding = false;

function relayHoldingCounts(route: WebSocketRoute): void {
  const server = route.connectToServer();
  const countRequests = new Set<number>();
  route.onMessage((message) => {
    if (typeof message === 'string') {
      const frame = JSON.parse(message) as { type?: string; id?: number; channel?: string };
      if (frame.type === 'request' && frame.channel === 'calls.pendingWrapUps' && typeof frame.id === 'number') countRequests.add(frame.id);
    }
    server.send(message);
  });
  server.onMessage((message) => {
    const frame = typeof message === 'string' ? (JSON.parse(message) as { type?: string; id?: number }) : {};
    if (holding && frame.type === 'reply' && typeof frame.id === 'number' && countRequests.has(frame.id)) held.push(() => route.send(message));
    else route.send(message);
  });
}

beforeAll(async () => {
  app = await startSignedIn();
  await app.page.routeWebSocket((url) => url.pathname === BRIDGE_PATH, relayHoldingCounts);
  await app.page.reload();
  await phoneOnline(app.page);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const logoutCount = async () => ((await app.simState())['logouts'] as unknown[]).length;

/** Opens the sign-out dialog from the keyboard with main's count held back; returns once the reply is held. */
async function openSignOutWithCountHeld(): Promise<void> {
  holding = true;
  await app.page.locator('.app-header button').filter({ hasText: /cerrar sesión|sign out/i }).focus();
  await app.page.keyboard.press('Enter');
  await app.page.locator('dialog[open]').waitFor();
  await expect.poll(() => held.length).toBe(1);
}

function releaseCount(): void {
  holding = false;
  for (const send of held.splice(0)) send();
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
    releaseCount();
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
    releaseCount();
    await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
    const logouts = (await app.simState())['logouts'] as { message: string }[];
    expect(logouts.at(-1)?.message).toBe('Descanso');
  }, 60_000);
});
