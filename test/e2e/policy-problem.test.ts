// A broken IT policy file, as the agent and IT see it in the settings screen:
// the app runs without it, and the banner says why in the user's language
// (the file's own fault, quoted from the schema, stays as the file has it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshotsInBothLanguages, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 1100, height: 900 }, policyFileText: '{"values":{"language":"fr"}}' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a broken IT policy file', () => {
  it('is said in the settings screen in the user\'s language, with the file\'s fault quoted', async () => {
    const { page } = app;
    await page.getByTestId('open-workstation-settings').click();
    const problem = page.getByTestId('policy-problem');
    await problem.waitFor();
    const file = `${app.dataDir}/policy.json`;
    expect(await problem.textContent()).toMatch(new RegExp(`^No se pudo aplicar el archivo de política de TI: El archivo de política de TI ${file} no se pudo usar: "values\\.language".*La aplicación funciona sin él; pida a TI que corrija el archivo\\.$`, 'u'));
    await screenshotsInBothLanguages(page, 'policy-problem');
    await chooseLanguage(page, 'en');
    expect(await problem.textContent()).toMatch(new RegExp(`^The IT policy file could not be applied: The IT policy file ${file} could not be used: "values\\.language".*The app runs without it; ask IT to fix the file\\.$`, 'u'));
    await chooseLanguage(page, 'es');
  });
});
