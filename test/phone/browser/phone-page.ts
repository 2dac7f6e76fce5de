// Bundles the phone page with esbuild, serves it on loopback, and opens it in
// headless Chromium with fake media devices (flags from ../shared/webrtc-notes.md).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export interface PhonePage {
  page: Page;
  close(): Promise<void>;
}

export async function openPhonePage(): Promise<PhonePage> {
  const dir = await mkdtemp(join(tmpdir(), 'phone-page-'));
  await build({
    entryPoints: [join(import.meta.dirname, 'phone-page-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'phone-page.js'),
    logLevel: 'error',
  });
  await writeFile(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>phone</title><script type="module" src="/phone-page.js"></script>');
  const files: Record<string, { file: string; type: string }> = {
    '/': { file: 'index.html', type: 'text/html' },
    '/phone-page.js': { file: 'phone-page.js', type: 'text/javascript' },
  };
  const server = createServer((req, res) => {
    const entry = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!entry) return void res.writeHead(404).end();
    void readFile(join(dir, entry.file)).then((body) => res.writeHead(200, { 'content-type': entry.type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = await mkdtemp(join(tmpdir(), 'phone-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: false,
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'phonePage' in window);
  return {
    page,
    async close() {
      await context.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(profile, { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
