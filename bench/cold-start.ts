// bench/cold-start: from navigation to a registered phone, the app against
// the smallest sip.js page that registers (bench/lib/bare-register-entry.ts),
// in the same Chromium, alternating, HTTP cache off for both. The app runs
// as an agent finds it at the start of a shift after a reload: the browser
// host (main) already holds her session, so the page loads, gets the SIP
// credentials over the bridge and registers; the time is the first moment the
// header shows "connected". Target: the app ≤ 2× the bare page. Also shown:
// the start of a shift, from the click on "Sign in" to the phone registered.
// Usage: npx tsx bench/cold-start.ts [--runs 20]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { createIntegraClient } from '../main/api';
import { fillSignIn, phoneOnline, signOut } from '../test/e2e/harness';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH, serveBundledPage } from '../test/support/chromium-page';
import { machine } from './lib/machine';
import { emitResult, printTable } from './lib/report';
import { spawnBrowserHost } from './lib/browser-host-child';
import { spawnSimulator, REPO_ROOT } from './lib/spawn-simulator';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Math.max(1, Math.min(200, Math.round(Number(values.runs)) || 20));

declare global {
  interface Window {
    coldConnectedAt?: number;
  }
}

/**
 * In the app's page before its code: the first time the header says connected
 * (performance.now(), from navigation). A string: tsx names functions with a
 * helper (`__name`) that does not exist in the page.
 */
const WATCH_CONNECTED = `new MutationObserver((_, observer) => {
  if (window.coldConnectedAt === undefined && document.querySelector('[data-testid=connection][data-state=online]') !== null) {
    window.coldConnectedAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });`;

async function timed(page: Page, load: () => Promise<unknown>, read: () => number | undefined): Promise<number> {
  await load();
  await page.waitForFunction(read, undefined, { timeout: 30_000, polling: 10 });
  return page.evaluate(read) as Promise<number>;
}

const rendererBytes = (): number => {
  const dir = join(REPO_ROOT, 'out/renderer/assets');
  return readdirSync(dir).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
};

const dataDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
const sim = await spawnSimulator();
const host = await spawnBrowserHost(sim, dataDir);
const sipWs = (sim.ready['sip'] as { ws: string }).ws;
const bare = await serveBundledPage(join(REPO_ROOT, 'bench/lib/bare-register-entry.ts'), { minify: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CALL_ARGS] });
const client = createIntegraClient({ baseUrl: sim.ready.baseUrl });
try {
  const url = host.url;
  const [first, second] = sim.ready.credentials.agents;
  if (!first || !second) throw new Error('the simulator seeds fewer than two agents');
  // The app: signed in once; every run is a reload of the signed-in page.
  const appContext = await browser.newContext();
  await appContext.addInitScript(WATCH_CONNECTED);
  const app = await appContext.newPage();
  const appCdp = await appContext.newCDPSession(app);
  await appCdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await app.goto(url);
  await fillSignIn(app, { agent: first.agent, password: first.password });
  await phoneOnline(app);
  // The bare page registers the second agent with the HA1 the platform gives it.
  const record = (await client.agentAuthenticate({ agent: second.agent, password: second.password })) as { name: string; md5secret: string };
  const bareHash = encodeURIComponent(JSON.stringify({ uri: `sip:${record.name}@127.0.0.1`, user: record.name, ha1: record.md5secret, wsUrl: sipWs }));
  const bareContext = await browser.newContext();
  const barePage = await bareContext.newPage();
  const bareCdp = await bareContext.newCDPSession(barePage);
  await bareCdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  emitResult('cold-start', machine());
  const samples = { app: [] as number[], bare: [] as number[], signIn: [] as number[] };
  for (let run = 0; run < RUNS; run += 1) {
    samples.app.push(await timed(app, () => app.reload(), () => window.coldConnectedAt));
    samples.bare.push(await timed(barePage, () => barePage.goto(`${bare.url}?run=${run}#${bareHash}`), () => window.bareRegisteredAt));
    await barePage.goto('about:blank');
    // The start of a shift: from "Sign in" to the phone registered (the app's own work after the agent typed).
    await signOut(app);
    await app.locator('input[name=agent]').fill(first.agent);
    await app.locator('input[name=password]').fill(first.password);
    const clicked = performance.now();
    await app.locator('button[type=submit]').click();
    await app.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 30_000 });
    samples.signIn.push(performance.now() - clicked);
  }
  const label = { app: 'the app: reload, signed in', bare: 'bare sip.js page', signIn: 'the app: "Sign in" → registered' } as const;
  const rows = (['app', 'bare', 'signIn'] as const).map((page) => ({
    page: label[page],
    runs: samples[page].length,
    p50ms: round(percentile(samples[page], 50), 1),
    p95ms: round(percentile(samples[page], 95), 1),
    bundleKiB: round((page === 'bare' ? bare.bundleBytes : rendererBytes()) / 1024, 0),
  }));
  for (const row of rows) emitResult('cold-start', { kind: 'page', ...row });
  printTable(`bench/cold-start: navigation → registered, ${RUNS} runs each, alternating, HTTP cache off`, rows);
  const ratio = percentile(samples.app, 50) / percentile(samples.bare, 50);
  const targets = { kind: 'targets', p50Ratio: round(ratio, 2), withinTwiceTheBarePage: ratio <= 2 };
  emitResult('cold-start', targets);
  process.stderr.write(`targets: the app ≤ 2× the bare page (p50): ${round(ratio, 2)}× ${targets.withinTwiceTheBarePage}\n`);
} finally {
  await client.close();
  await browser.close();
  await bare.close();
  host.stop();
  await sim.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

