// Bundles bench/lib/call-page-entry.ts, serves it on loopback and opens one
// page per phone (one context each) in a single headless Chromium with fake
// media devices.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchCallBrowser, serveBundledPage } from '../../test/support/chromium-page';

export interface CallPages {
  open(): Promise<Page>;
  close(): Promise<void>;
}

export async function startCallPages(): Promise<CallPages> {
  const served = await serveBundledPage(join(import.meta.dirname, 'call-page-entry.ts'));
  const browser = await launchCallBrowser().catch(async (error: unknown) => {
    await served.close();
    throw error;
  });
  return {
    async open() {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(served.url);
      await page.waitForFunction(() => 'bench' in window);
      return page;
    },
    async close() {
      await browser.close();
      await served.close();
    },
  };
}
