// Screenshots of the sign-in and signed-in screens in both languages, for
// checking by eye (test-results/screenshots/*.png; with UPDATE_SCREENSHOTS=1
// they replace the README's docs/screenshots/*.png). Also proves the language
// switches at any time, before and after sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, phoneOnline, screenshot, signIn, signOut, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ demo: true, viewport: { width: 960, height: 720 } });
});
afterAll(async () => {
  await app?.close();
});

describe('screens in Spanish and English', () => {
  it('sign-in screen, pre-filled with the demo agent', async () => {
    const page = app.page;
    expect(await page.locator('input[name=agent]').inputValue()).toBe(app.agents[0]!.agent);
    expect(await page.locator('input[name=instanceUrl]').inputValue()).toBe(app.sim.baseUrl);
    await chooseLanguage(page, 'es');
    expect(await page.locator('h1').textContent()).toBe('Iniciar sesión');
    await screenshot(page, 'sign-in-es');
    await chooseLanguage(page, 'en');
    expect(await page.locator('h1').textContent()).toBe('Sign in');
    await screenshot(page, 'sign-in-en');
  });

  it('sign-in error next to the password', async () => {
    const page = app.page;
    await page.locator('input[name=password]').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('error-password').waitFor();
    await screenshot(page, 'sign-in-error-en');
  });

  it('signed-in screen with the demo agent (password held by main)', async () => {
    const page = app.page;
    await page.locator('input[name=password]').fill('');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-name').waitFor();
    await phoneOnline(page); // phone registered
    expect(await page.getByTestId('agent-extension').textContent()).toContain(app.agents[0]!.phone);
    await screenshot(page, 'signed-in-en');
    await chooseLanguage(page, 'es');
    const signOutButton = page.locator('.app-header button').filter({ hasText: /cerrar sesión|sign out/i });
    expect(await signOutButton.textContent()).toBe('Cerrar sesión');
    await screenshot(page, 'signed-in-es');
    await signOutButton.click();
    await page.locator('dialog[open] input').fill('Fin de turno');
    await screenshot(page, 'sign-out-es');
    await page.locator('dialog[open] button').first().click();
  });

  it('dark theme', async () => {
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(app.page, 'signed-in-dark-es');
    await signOut(app.page);
    await screenshot(app.page, 'sign-in-dark-es');
    await app.page.emulateMedia({ colorScheme: 'light' });
  });

  it('signs in again with a typed password after signing out', async () => {
    await signIn(app);
    expect(await app.page.getByTestId('agent-name').isVisible()).toBe(true);
  });
});
