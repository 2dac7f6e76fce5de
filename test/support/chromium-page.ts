// Browser pages for SIP tests and benchmarks: bundles one entry (esbuild) into
// a temp dir, serves it on loopback and opens it in Debian's headless Chromium
// with fake media devices (flags from ../shared/webrtc-notes.md). Everything
// is removed on close. Only infrastructure lives here: each page entry keeps
// its own SIP stack (the app's phone, bare sip.js, JsSIP). A worker the code
// starts as Vite bundles one (`new Worker(new URL('./x.ts', import.meta.url))`)
// is bundled beside the page and served as `/x.js`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { KEPT_FOR_GOOD } from '../../main/services/renderer-files';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Headless, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/** Fake microphone/camera and autoplay, for the calls work. */
export const CALL_ARGS = [
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required',
];
const CALL_CHROMIUM_ARGS = [...CHROMIUM_ARGS, ...CALL_ARGS];

type Cleanup = () => Promise<unknown>;

/** Runs cleanups last-in first-out, each once, past failures of the others. */
function cleanupStack(): { push(cleanup: Cleanup): void; run(): Promise<void> } {
  const cleanups: Cleanup[] = [];
  return {
    push: (cleanup) => void cleanups.push(cleanup),
    async run() {
      for (const cleanup of cleanups.reverse().splice(0)) await cleanup().catch(() => undefined);
    },
  };
}

export interface ServedPage {
  url: string;
  close(): Promise<void>;
}

const WORKER_URL = /new Worker\(new URL\('(\.{1,2}\/[^']+)\.ts', import\.meta\.url\)/g;

/** Rewrites each worker's URL to the `.js` it is bundled as, and collects the workers (served name → entry file). */
function workerUrls(workers: Map<string, string>): Plugin {
  return {
    name: 'worker-urls',
    setup(plugin) {
      plugin.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('new Worker(new URL(')) return undefined;
        const contents = source.replace(WORKER_URL, (_match, relative: string) => {
          const name = `${basename(relative)}.js`;
          workers.set(name, resolve(dirname(args.path), `${relative}.ts`));
          return `new Worker(new URL('./${name}', import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entry` (a .ts file for the browser) and serves it with an index page on 127.0.0.1.
 * `cacheScripts`: the scripts may be kept for good, as the app's content-named chunks are
 * (so a page compared with the app gets the same compiled-code cache); the index never.
 */
export async function serveBundledPage(entry: string, options: { minify?: boolean; cacheScripts?: boolean; headers?: Readonly<Record<string, string>> } = {}): Promise<ServedPage & { bundleBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'chromium-page-'));
  const cleanups = cleanupStack();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  try {
    const common = { bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'error', minify: options.minify === true } as const;
    const workers = new Map<string, string>();
    await build({ ...common, entryPoints: [entry], outfile: join(dir, 'page.js'), plugins: [workerUrls(workers)] });
    for (const [name, workerEntry] of workers) await build({ ...common, entryPoints: [workerEntry], outfile: join(dir, name) });
    const bundleBytes = (await readFile(join(dir, 'page.js'))).length;
    await writeFile(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>test page</title><script type="module" src="/page.js"></script>');
    const files: Record<string, { file: string; type: string }> = {
      '/': { file: 'index.html', type: 'text/html' },
      '/page.js': { file: 'page.js', type: 'text/javascript' },
      ...Object.fromEntries([...workers.keys()].map((name) => [`/${name}`, { file: name, type: 'text/javascript' }])),
    };
    const server = createServer((request, response) => {
      const found = files[new URL(request.url ?? '/', 'http://x').pathname];
      if (!found) return void response.writeHead(404).end();
      const cacheControl = options.cacheScripts === true && found.type === 'text/javascript' ? KEPT_FOR_GOOD : 'no-store';
      void readFile(join(dir, found.file)).then((body) => response.writeHead(200, { ...options.headers, 'content-type': found.type, 'cache-control': cacheControl }).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, bundleBytes, close: () => cleanups.run() };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/** One Chromium for many pages (one context each), e.g. the benchmarks' several phones. */
export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CALL_CHROMIUM_ARGS });
}

export interface PageInChromium {
  page: Page;
  /** Console lines of the page (errors first to look at when a step times out). */
  console: string[];
  /** Its Chromium's fresh profile (`--user-data-dir`): how a bench finds that Chromium's processes. */
  profileDir: string;
  close(): Promise<void>;
}

/**
 * `entry` is a .ts file that sets something on `window`; `global` is that name: resolves once it is there.
 * `extraArgs` go to Chromium after the usual flags.
 */
export async function openPageInChromium(entry: string, global: string, extraArgs: readonly string[] = []): Promise<PageInChromium> {
  const cleanups = cleanupStack();
  try {
    const served = await serveBundledPage(entry);
    cleanups.push(() => served.close());
    const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
    cleanups.push(() => rm(profile, { recursive: true, force: true }));
    // Playwright refuses --user-data-dir in args: a persistent context gets a fresh profile.
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: false, args: [...CALL_CHROMIUM_ARGS, ...extraArgs] });
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
    await page.goto(served.url);
    await page.waitForFunction((name) => name in window, global);
    return { page, console: consoleLines, profileDir: profile, close: () => cleanups.run() };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}
