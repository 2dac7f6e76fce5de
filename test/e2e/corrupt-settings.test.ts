// A hand-broken settings file does not stop the app: the sign-in screen says
// what happened and where the broken file was kept, and defaults are in use.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ sip: false, settingsFileText: '{"language": "en", "instanceUrl": ' });
});
afterAll(async () => {
  await app?.close();
});

describe('corrupt settings file', () => {
  it('is reported on the sign-in screen, kept aside, and replaced by defaults', async () => {
    const banner = app.page.locator('.banner-warning');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toMatch(/Settings could not be loaded/);
    const aside = readdirSync(app.dataDir).find((name) => name.startsWith('settings.corrupt-'));
    expect(aside).toBeTruthy();
    expect(text).toContain(aside!);
    expect(await app.page.locator('h1').textContent()).toBe('Iniciar sesión'); // default language, not the broken file's
  });
});
