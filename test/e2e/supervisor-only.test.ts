// A supervisor who is not an agent (issue 5: "Supervisors sign in with the API
// user"), in the browser host against the simulator: the sign-in screen's
// Supervisor choice (instance, API user and password, CA file; no agent
// fields), a wrong API password shown next to its field, then the campaigns
// table directly (no agent home), no phone registered, and sign-out ending
// the API user's session. Screenshots of both screens in ES and EN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshot, startApp, type E2EApp } from './harness';
import { registeredPhones, state } from './supervisor-kit';

let app: E2EApp;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1280, height: 860 } });
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe('supervisor-only sign-in', () => {
  it('offers a Supervisor choice, keyboard-operable, with no agent fields', async () => {
    const { page } = app;
    await chooseLanguage(page, 'en');
    const agentRadio = page.getByRole('radio', { name: /Agent/ });
    expect(await agentRadio.isChecked()).toBe(true);
    await agentRadio.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /Supervisor/ }).isChecked()).toBe(true);
    expect(await page.locator('input[name=agent]').count()).toBe(0);
    expect(await page.locator('input[name=password]').count()).toBe(0);
    await page.getByLabel('Instance address').fill(app.sim.baseUrl);
    await page.getByLabel('API user', { exact: true }).fill(app.apiUser.user);
    expect(await page.getByLabel('CA certificate file (PEM)').count()).toBe(1);
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(page, language);
      await screenshot(page, `sign-in-supervisor-${language}`);
    }
  });

  it('shows a wrong API password next to the API password field', async () => {
    const { page } = app;
    await page.getByLabel('API password', { exact: true }).fill('not-the-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('error-apiPassword').waitFor();
    expect(await page.locator('.field:has(input[name=apiPassword]) [data-testid=error-apiPassword]').count()).toBe(1);
    expect(await page.locator('input[name=apiPassword]').inputValue()).toBe('');
  });

  it('signs in without an agent: header with the API user, no phone, the campaigns table directly', async () => {
    const { page } = app;
    await page.getByLabel('API password', { exact: true }).fill(app.apiUser.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('campaigns-table').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('agent-name').textContent()).toBe(app.apiUser.user);
    expect(await page.getByTestId('session-role').textContent()).toBe('Supervisor · no phone');
    expect(await page.getByTestId('agent-extension').count()).toBe(0);
    expect(await page.locator('.agent-home').count()).toBe(0);
    expect(await page.getByTestId('connection').getAttribute('data-phone')).toBe('none');
    expect((await page.locator('[data-testid=campaigns-table] tbody tr').count()) > 0).toBe(true);
    expect(await registeredPhones(app)).toEqual([]);
    const sim = await state(app);
    expect(sim.requests.some((r) => r.operation === 'agentLogin')).toBe(false);
    await chooseLanguage(page, 'es');
    expect(await page.getByTestId('session-role').textContent()).toBe('Supervisor · sin teléfono');
    await screenshot(page, 'supervisor-only-home-es');
    await chooseLanguage(page, 'en');
    await screenshot(page, 'supervisor-only-home-en');
  });

  it('signs out: Log Out for the API user, still no phone, back to the Supervisor sign-in', async () => {
    const { page } = app;
    await page.locator('.app-header button').filter({ hasText: /sign out/i }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.locator('input').fill('Fin de turno');
    await dialog.locator('button[type=submit]').click();
    await page.locator('main.sign-in').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('radio', { name: /Supervisor/ }).isChecked()).toBe(true);
    const logouts = (await app.simState())['logouts'] as { agent: string; interface: string; message: string }[];
    expect(logouts).toEqual([expect.objectContaining({ agent: app.apiUser.user, interface: '', message: 'Fin de turno' })]);
    expect(await registeredPhones(app)).toEqual([]);
  });
});
