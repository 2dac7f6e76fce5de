// A recent call's quality over time (issue 26) in the app: a call of a dozen
// seconds through the simulator, hung up; its row in recent calls opens its
// chart and the same in words, from the keyboard; both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsInBothLanguages, startSignedIn, type E2EApp } from './harness';
import { panelState, simCalls, until } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 1000 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a recent call\'s quality timeline', () => {
  it('is kept when the call ends and shown as a chart with its summary, reachable by keyboard', async () => {
    const { page } = app;
    await page.locator('select[name=campaign]').waitFor();
    await page.locator('input[name=number]').fill('099123456');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    await until(async () => (await simCalls(app)).find((c) => c.status === 'active'), 'the simulator holds the call');
    // Two points of 5 s each, with the page's own figures behind them.
    await page.waitForTimeout(11_500);
    await page.getByTestId('hang-up').click();
    await page.locator('[data-testid=disposition-form]').waitFor();

    const recent = page.getByTestId('recent-calls');
    await recent.locator('summary').first().click();
    const row = recent.getByTestId('recent-call').first();
    await row.waitFor();
    // Keyboard: the row's "Quality" is a disclosure reached with Tab and opened with Enter.
    const summary = row.getByTestId('recent-quality').locator('summary');
    await summary.focus();
    expect(await summary.getAttribute('aria-label')).toMatch(/Calidad de la llamada con 099123456/u);
    await page.keyboard.press('Enter');
    const words = row.getByTestId('quality-words');
    await words.waitFor();
    const text = (await words.textContent()) ?? '';
    expect(text).toMatch(/MOS promedio [1-4]\.\d, el peor [1-4]\.\d en 00:(05|10)/u);
    expect(text).toMatch(/Camino del audio: dirección directa ↔ dirección directa, por UDP/u);
    const chart = row.getByTestId('quality-chart');
    expect(await chart.locator('path.quality-chart-mos').count()).toBe(1);
    expect(await chart.getAttribute('aria-hidden')).toBe('true');
    await row.scrollIntoViewIfNeeded();
    await screenshotsInBothLanguages(page, 'recent-call-quality');
    expect(await words.textContent()).toMatch(/Average MOS|MOS promedio/u);
  }, 120_000);
});
