// Diagnostics IT can act on (issue 26), in the app: a call of a dozen
// seconds through the simulator, hung up; its row in recent calls opens its
// chart and the same in words, from the keyboard, in both languages; then the
// Help menu's diagnostics file is downloaded (the browser host's way of
// saving it), read back and checked for its parts and for secrets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundleFile } from '../../main/services/diagnostics';
import { secretReadableIn } from '../security/support/secret-oracle';
import { screenshot, screenshotsInBothLanguages, startSignedIn, type E2EApp } from './harness';
import { panelState, simCalls, until } from './calls-kit';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn({ viewport: { width: 1100, height: 1000 } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

let callId = '';

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
    await recent.locator(':scope > summary').click();
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
    callId = (await row.getAttribute('data-call-id')) ?? '';
  }, 120_000);
});

describe('the diagnostics file', () => {
  it('is downloaded from Help, read back whole, and holds no secret', async () => {
    const { page } = app;
    const dir = mkdtempSync(join(tmpdir(), 'bundle-e2e-'));
    try {
      await page.locator('.help-menu summary').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-diagnostics-bundle').click()]);
      const path = join(dir, download.suggestedFilename());
      await download.saveAs(path);
      expect(download.suggestedFilename()).toMatch(/^agent-softphone-diagnostics-\d{8}-\d{6}\.json$/u);
      await page.getByTestId('bundle-saved').waitFor();
      await screenshot(page, 'help-bundle-saved-es');

      const read = readBundleFile(path);
      if (!read.ok) throw new Error(read.problem);
      const bundle = read.bundle;
      expect(bundle.qualityTimelines[0]).toMatchObject({ call: { caller: '099123456', outcome: 'answered' }, timeline: { everySeconds: 5 } });
      expect(callId).not.toBe('');
      const texts = bundle.sipTrace.map((m) => m.text.split('\r\n')[0] ?? '');
      expect(texts.some((t) => t.startsWith('REGISTER '))).toBe(true);
      expect(texts.some((t) => t.startsWith('INVITE ') || t.startsWith('SIP/2.0 200'))).toBe(true);
      // The log's last lines: the first bundle's own line is in the next one.
      const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-diagnostics-bundle').click()]);
      await again.saveAs(join(dir, 'again.json'));
      const second = readBundleFile(join(dir, 'again.json'));
      expect(second.ok && second.bundle.log.some((line) => line.includes('Diagnostics bundle built'))).toBe(true);
      expect(bundle.events.map((e) => e.text)).toContain('API online');
      expect(bundle.settings).toHaveProperty('language');
      // The agent's password and the HA1 the page registered with appear in no form.
      const text = JSON.stringify(bundle);
      expect(secretReadableIn(text, app.agents[0]!.password)).toBe(false);
      expect(text).not.toMatch(/md5secret|authorizationHa1/u);
      expect(bundle.sipTrace.some((m) => /Authorization: (?!\[redacted\])/u.test(m.text))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
