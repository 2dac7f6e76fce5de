// IT locked the transfer directory (issue 22): the agent can pick its entries
// and the call's campaigns, but a typed extension or number that is not in it
// is refused in the dialog with the reason, and no REFER leaves the phone.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTransfer, pageLevel, panelState, until } from './calls-kit';
import { chooseLanguage, SCREENSHOT_DIR, simControl, startSignedIn, type E2EApp } from './harness';

let app: E2EApp;

beforeAll(async () => {
  app = await startSignedIn({
    viewport: { width: 1100, height: 900 },
    policy: {
      values: { transferDirectory: [{ name: 'Facturación', target: { kind: 'number', number: '+59829001234' } }] },
      locked: ['transferDirectory'],
    },
  });
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const transferCount = async (): Promise<number> => ((await app.simState())['transfers'] as unknown[]).length;

describe('a locked transfer directory', () => {
  it('offers its entries, refuses a typed target outside it with the reason, and sends nothing', { timeout: 90_000 }, async () => {
    await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Cobranzas->', from: '099555111', data: 'nombre=Carlos' });
    await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
    await until(async () => (await pageLevel(app.page)) > 0.01, 'ana hears the customer');
    const before = await transferCount();

    await openTransfer(app.page, '1002');
    const problem = app.page.getByTestId('transfer-problem');
    expect(await problem.textContent()).toMatch(/directorio/iu);
    expect(await app.page.getByTestId('transfer-blind').isDisabled()).toBe(true);
    await app.page.getByTestId('transfer-search').press('Enter');
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(app.page, language);
      await app.page.screenshot({ path: join(SCREENSHOT_DIR, `transfer-locked-${language}.png`) });
    }
    expect(await problem.textContent()).toMatch(/directory/iu);
    await chooseLanguage(app.page, 'es');

    // IT's entry is offered by name.
    await app.page.getByTestId('transfer-search').fill('factu');
    expect(await app.page.getByTestId('transfer-dialog').textContent()).toContain('Facturación');
    await app.page.keyboard.press('Escape');
    await app.page.getByTestId('transfer-dialog').waitFor({ state: 'detached' });

    expect(await transferCount()).toBe(before);
    expect(await app.page.getByTestId('call-panel').getAttribute('data-state')).toBe('active');
    await app.page.getByTestId('hang-up').click();
  });
});
