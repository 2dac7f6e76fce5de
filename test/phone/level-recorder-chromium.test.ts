// The echo test's level recording in headless Chromium, on a page kept busy for 400 ms of every
// second: the delay between what the microphone sent and what came back (a DelayNode of 200 ms)
// is still found, on the audio clock, with the confidence of a clean signal. The way the echo test
// read levels before (a 20 ms timer on two small analysers) is measured alongside and printed: it
// loses every beep that falls in a stall.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPageInChromium, type PageInChromium } from '../support/chromium-page';
import type { LevelRecorderResult } from './browser/level-recorder-page-entry';

let browser: PageInChromium;
beforeAll(async () => {
  browser = await openPageInChromium(join(import.meta.dirname, 'browser/level-recorder-page-entry.ts'), 'levelRecorderPage');
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the echo test\'s level recording on a busy page', () => {
  it('finds a 200 ms delay though the page stalls 400 ms of every second', async () => {
    const result = (await browser.page.evaluate(() => window.levelRecorderPage.run(200, 400, 6))) as LevelRecorderResult;
    console.log(`level recording on a busy page: ${JSON.stringify(result)}`);
    // 6 s of 20 ms blocks, none lost to the stalls (the analysers keep 0.68 s).
    expect(result.recorded.blocks).toBeGreaterThanOrEqual(290);
    expect(result.recorded.delayMs).toBeGreaterThanOrEqual(180);
    expect(result.recorded.delayMs).toBeLessThanOrEqual(220);
    expect(result.recorded.confidence).toBeGreaterThan(0.8);
  }, 60_000);
});
