// Issue 12, "the first ten minutes", in the browser host against the
// simulator, as `npm start` sets it up (demo agent pre-filled, password held
// by main): the Sign in button in view at 1366×768 for both roles and
// languages; an agent signing in after a supervisor session without clearing
// anything; a refused Create agent told in the form's words; an old tab
// (wrong secret) saying what to do; and, when the app is lost, a header that
// does not say "Connected" and a "Calling…" that ends with a clear error.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, phoneOnline, screenshot, screenshotsInBothLanguages, SCREENSHOT_DIR, signOut, simControl, startApp, type E2EApp } from './harness';
import { openTab } from './supervisor-kit';

let app: E2EApp;

beforeAll(async () => {
  app = await startApp({ demo: true, viewport: { width: 1366, height: 768 } });
}, 240_000);

afterAll(async () => {
  await app?.close();
});

/** Channel names (`supervisor.createAgent`) and code names of fields (`userName`, `phoneNumber`). */
const INTERNAL_NAMES = /\b(supervisor|calls|session|settings)\.[a-z]|\b[a-z]+[A-Z][a-zA-Z]*\b/;

const chooseRole = (page: Page, role: 'agent' | 'supervisor') => page.locator(`input[name=role][value=${role}]`).check();

/** What the window shows, not the whole page: the point is what is in view without scrolling. */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

describe('the first ten minutes', () => {
  it('shows the Sign in button without scrolling at 1366×768, 1920×1080 and the 1024×720 window the app opens, both roles, Spanish and English', async () => {
    const { page } = app;
    for (const size of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 1024, height: 720 }]) {
      await page.setViewportSize(size);
      for (const language of ['es', 'en'] as const) {
        await chooseLanguage(page, language);
        for (const role of ['agent', 'supervisor'] as const) {
          await chooseRole(page, role);
          const box = await page.locator('button[type=submit]').boundingBox();
          expect(box, `${role} ${language} ${size.width}`).not.toBeNull();
          expect(box!.y + box!.height, `${role} ${language} at ${size.width}×${size.height}`).toBeLessThanOrEqual(size.height);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          await viewportShot(page, `sign-in-${role}-${size.width}x${size.height}-${language}`);
        }
      }
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await chooseRole(page, 'agent');
  });

  it('a refused Create agent names the form field, never the channel or a code name', async () => {
    const { page } = app;
    await chooseRole(page, 'supervisor');
    await page.locator('input[name=apiUser]').fill(app.apiUser.user);
    await page.locator('input[name=apiPassword]').fill(app.apiUser.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('campaigns-table').waitFor({ timeout: 15_000 });
    await openTab(page, 'createAgent');
    await page.locator('[data-testid=create-agent-form] input[name=fullname]').fill('Nueva Agente');
    await page.locator('[data-testid=create-agent-form] input[name=phoneNumber]').fill('1999');
    await page.locator('[data-testid=create-agent-form] input[name=password]').fill('Clave-1999');
    await page.locator('[data-testid=create-agent-form] input[name=confirm]').fill('Clave-1999');
    await page.locator('[data-testid=create-agent-form] button[type=submit]').click();
    const shown = page.getByTestId('error-userName');
    await shown.waitFor();
    for (const [language, label] of [['es', 'Nombre de usuario'], ['en', 'User name']] as const) {
      await chooseLanguage(page, language);
      const text = (await shown.textContent()) ?? '';
      expect(text).toContain(`"${label}"`);
      expect(text).not.toMatch(INTERNAL_NAMES);
    }
    await chooseLanguage(page, 'es');
    await screenshotsInBothLanguages(page, 'create-agent-refused');
  });

  it('after the supervisor signs out, the agent signs in without clearing a hidden API user', async () => {
    const { page } = app;
    await signOut(page);
    await chooseRole(page, 'supervisor');
    expect(await page.locator('input[name=apiUser]').inputValue()).toBe(app.apiUser.user);
    await chooseRole(page, 'agent');
    expect(await page.locator('input[name=agent]').inputValue()).toBe(app.agents[0]!.agent);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-extension').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('session-role').count()).toBe(0);
    await phoneOnline(page);
  });

  it('an old tab (its secret from an earlier run) says what to do, in the browser\'s language, instead of failing', async () => {
    const oldUrl = app.host.url.replace(/code=[0-9a-f]+/, `code=${'0'.repeat(48)}`);
    for (const [locale, language, words] of [['es-UY', 'es', 'ejecución anterior'], ['en-US', 'en', 'earlier run']] as const) {
      const context = await app.browser.newContext({ locale, viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(oldUrl);
      await page.getByTestId('stale-tab').waitFor();
      expect(await page.getByTestId('stale-tab').textContent()).toContain(words);
      await page.reload();
      await page.getByTestId('stale-tab').waitFor();
      await screenshot(page, `stale-tab-${language}`);
      await context.close();
    }
  });

  it('when the app is lost: the header is not "Connected" under the banner, and "Calling…" ends with a clear error', async () => {
    const { page } = app;
    // Make Call hangs at the platform, so the dial pad stays in "Calling…" while the app goes away.
    await simControl(app.sim, 'POST', '/faults', { operation: 'makeCall', kind: 'delay', delayMs: 20_000 });
    await chooseLanguage(page, 'en');
    await page.locator('[data-testid=dial-form] input[name=number]').fill('099123456');
    await page.getByTestId('call-button').click();
    await expect.poll(() => page.getByTestId('call-button').textContent()).toBe('Calling…');
    await app.host.close();
    await page.getByText('Lost contact with the app').waitFor();
    expect(await page.getByTestId('connection').getAttribute('data-state')).not.toBe('online');
    expect(await page.getByTestId('connection').textContent()).not.toContain('Connected');
    await expect.poll(() => page.getByTestId('call-button').textContent()).toBe('Call');
    const error = page.getByText('Placing the call: the connection to the app was lost');
    await error.waitFor();
    expect((await error.textContent()) ?? '').not.toMatch(INTERNAL_NAMES);
    await chooseLanguage(page, 'es');
    await screenshotsInBothLanguages(page, 'bridge-lost');
  });
});
