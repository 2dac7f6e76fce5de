// Accessibility of the agent's screens (issue 12): axe-core, through
// playwright-core, on the sign-in screen, the agent home, a ringing call, a
// live call, the disposition form and the settings dialog, in Spanish and
// English. No serious or critical violation is allowed.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, signIn, phoneOnline, simControl, startApp, type E2EApp } from './harness';
import { panelState } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ demo: true, viewport: { width: 1366, height: 768 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Serious and critical violations on the page now, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function inBothLanguages(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    found.push(...(await seriousViolations(page)).map((line) => `${language} ${line}`));
  }
  await chooseLanguage(page, 'es');
  return found;
}

describe('accessibility of the agent screens (axe-core: no serious or critical violations)', () => {
  it('sign-in', async () => {
    expect(await inBothLanguages(app.page)).toEqual([]);
  });

  it('agent home, a ringing call, a live call, the disposition form, the settings dialog', async () => {
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
