// Bundles one browser entry (esbuild) into a temp dir, serves it on loopback
// and opens it in Debian's headless Chromium with fake media devices (flags
// from ../shared/webrtc-notes.md). Everything is removed on close.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required',
];

export interface PageInChromium {
  page: Page;
  /** Console lines of the page (errors first to look at when a step times out). */
  console: string[];
  close(): Promise<void>;
}

/** `entry` is a .ts file that sets something on `window`; `global` is that name. */
export async function openPageInChromium(entry: string, global: string): Promise<PageInChromium> {
  const dir = await mkdtemp(join(tmpdir(), 'interop-page-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dir, { recursive: true, force: true })];
  const close = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse().splice(0)) await cleanup().catch(() => undefined);
  };
  try {
    await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', outfile: join(dir, 'page.js'), logLevel: 'error' });
    await writeFile(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>interop</title><script type="module" src="/page.js"></script>');
    const files: Record<string, { file: string; type: string }> = {
      '/': { file: 'index.html', type: 'text/html' },
      '/page.js': { file: 'page.js', type: 'text/javascript' },
    };
    const server = createServer((request, response) => {
      const found = files[new URL(request.url ?? '/', 'http://x').pathname];
      if (!found) return void response.writeHead(404).end();
      void readFile(join(dir, found.file)).then((body) => response.writeHead(200, { 'content-type': found.type }).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const profile = await mkdtemp(join(tmpdir(), 'interop-chromium-'));
    cleanups.push(() => rm(profile, { recursive: true, force: true }));
    // Playwright refuses --user-data-dir in args: a persistent context gets a fresh profile.
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: false, args: CHROMIUM_ARGS });
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction((name) => name in window, global);
    return { page, console: consoleLines, close };
  } catch (error) {
    await close();
    throw error;
  }
}
