// Accessibility of the agent's screens (issue 12): axe-core, through
// playwright-core, on the sign-in screen, the agent home, a ringing call, a
// live call, the disposition form and the settings dialog, in Spanish and
// English. No serious or critical violation is allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, violationsInBothLanguages } from './axe-check';
import { signIn, phoneOnline, simControl, startApp, type E2EApp } from './harness';
import { panelState } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ demo: true, viewport: { width: 1366, height: 768 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const inBothLanguages = violationsInBothLanguages;

describe('accessibility of the agent screens (axe-core: no serious or critical violations)', () => {
  it('sign-in', async () => {
    expect(await inBothLanguages(app.page)).toEqual([]);
  });

  // axe over five screens in two languages takes ~23 s alone: room for a busy CI machine.
  it('agent home, a ringing call, a live call, the disposition form, the settings dialog', { timeout: 90_000 }, async () => {
    const { page } = app;
    await signIn(app);
    await phoneOnline(page);
    expect(await inBothLanguages(page)).toEqual([]);

    const { guid } = (await simControl(app.sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '098200001' })) as { guid: string };
    await panelState(page, 'ringing').waitFor({ timeout: 15_000 });
    expect(await inBothLanguages(page)).toEqual([]);

    await page.getByTestId('bar-answer').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    expect(await inBothLanguages(page)).toEqual([]);

    await simControl(app.sim, 'POST', `/calls/${guid}/hangup`, {});
    await page.getByTestId('disposition-form').first().waitFor({ timeout: 15_000 });
    expect(await inBothLanguages(page)).toEqual([]);

    await page.locator('.app-header button').filter({ hasText: /^(Ajustes|Settings)$/u }).click();
    await page.getByTestId('workstation-settings').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
