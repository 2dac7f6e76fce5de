// Bundles bench/lib/call-page-entry.ts with esbuild, serves it on loopback and
// opens one page per phone in headless Chromium with fake media devices.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

const ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required',
];

export interface CallPages {
  open(): Promise<Page>;
  close(): Promise<void>;
}

export async function startCallPages(): Promise<CallPages> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-call-page-'));
  await build({
    entryPoints: [join(import.meta.dirname, 'call-page-entry.ts')],
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022',
    outfile: join(dir, 'page.js'), logLevel: 'error',
  });
  await writeFile(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/page.js"></script>');
  const files: Record<string, { file: string; type: string }> = {
    '/': { file: 'index.html', type: 'text/html' },
    '/page.js': { file: 'page.js', type: 'text/javascript' },
  };
  const server: Server = createServer((req, res) => {
    const entry = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!entry) return void res.writeHead(404).end();
    void readFile(join(dir, entry.file)).then((body) => res.writeHead(200, { 'content-type': entry.type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  return {
    async open() {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => 'bench' in window);
      return page;
    },
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
