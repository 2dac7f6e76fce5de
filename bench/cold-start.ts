// bench/cold-start: from navigation to a registered phone, the app against
// the smallest sip.js page that registers (bench/lib/bare-register-entry.ts),
// in the same Chromium, alternating, in two cases for both pages: nothing
// cached (the first start after an install or an update) and the scripts'
// compiled code kept (every later start: Chromium keeps it for content-named
// chunks, Electron for app:// with its codeCache privilege). The app runs
// as an agent finds it at the start of a shift after a reload: the browser
// host (main) already holds her session, so the page loads, gets the SIP
// credentials over the bridge and registers. Target (issue 23): navigation →
// registered ≤ 1.5× the bare page, timed to the registrar's 200 reaching each
// page (CDP); beside it, the first moment the app's header shows "connected".
// Also shown: where the app's reload spends its time (DOMContentLoaded, the
// bridge's and the SIP WebSocket's handshakes, seen over CDP without touching
// the page), and the start of a shift, from "Sign in" to the phone registered.
// Usage: npx tsx bench/cold-start.ts [--runs 20]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { BRIDGE_PATH } from '../common/ipc-contract';
import { createIntegraClient } from '../main/api';
import { SECURITY_HEADERS } from '../main/services/renderer-files';
import { fillSignIn, phoneOnline, signOut } from '../test/e2e/harness';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH, serveBundledPage } from '../test/support/chromium-page';
import { machine } from './lib/machine';
import { emitResult, printTable } from './lib/report';
import { spawnBrowserHost } from './lib/browser-host-child';
import { spawnSimulator, REPO_ROOT } from './lib/spawn-simulator';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Math.max(1, Math.min(200, Math.round(Number(values.runs)) || 20));

/**
 * How both pages tell the bench they are done: a CDP binding (Runtime.addBinding), called with
 * performance.now() (ms from navigation). Not Playwright's waitForFunction: its injected script
 * (~20 ms of the page's main thread) ran in the middle of the start it measured.
 */
export const COLD_REPORT = 'coldReport';

/**
 * In the app's page before its code: the first time the header says connected.
 * A string: tsx names functions with a helper (`__name`) that does not exist in the page.
 */
const WATCH_CONNECTED = `new MutationObserver((_, observer) => {
  if (document.querySelector('[data-testid=connection][data-state=online]') !== null) {
    observer.disconnect();
    if (typeof window.${COLD_REPORT} === 'function') window.${COLD_REPORT}(String(performance.now()));
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });`;

/** The steps of the app's start shown beside its total. */
const STEPS = ['dcl', 'bridgeWs', 'sipWs', 'registered'] as const;
type Step = (typeof STEPS)[number];

/** When the app's page reached each step of its start (ms from navigation), from CDP's network events and the page's timing. */
interface Phases {
  dcl: number;
  bridgeWs: number;
  sipWs: number;
  /** The registrar's 200 to REGISTER reached the page: registered, seen before the page's code handles it. */
  registered: number;
  /** JavaScript the page fetched (bytes over the wire; the host sends it uncompressed). */
  scriptBytes: number;
}

function watchPhases(cdp: CDPSession): { start(): void; read(page: Page): Promise<Phases>; registeredMs(): number } {
  let documentAt = Number.NaN;
  let bridgeAt = Number.NaN;
  let sipAt = Number.NaN;
  let registeredAt = Number.NaN;
  let scriptBytes = 0;
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
  });
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documentAt = event.timestamp;
  });
  const kinds = new Map<string, 'bridge' | 'sip'>();
  // "Created" carries no time and the handshake no address: the first names the socket, the second times it.
  cdp.on('Network.webSocketCreated', (event) => {
    kinds.set(event.requestId, new URL(event.url).pathname === BRIDGE_PATH ? 'bridge' : 'sip');
  });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (event) => {
    const kind = kinds.get(event.requestId);
    if (kind === 'bridge' && Number.isNaN(bridgeAt)) bridgeAt = event.timestamp;
    if (kind === 'sip' && Number.isNaN(sipAt)) sipAt = event.timestamp;
  });
  cdp.on('Network.webSocketFrameReceived', (event) => {
    const data = event.response.payloadData;
    if (Number.isNaN(registeredAt) && kinds.get(event.requestId) === 'sip' && data.startsWith('SIP/2.0 200') && /^CSeq:\s*\d+\s+REGISTER\s*$/im.test(data)) registeredAt = event.timestamp;
  });
  /** ms from the document's request to a CDP timestamp (seconds). */
  const sinceDocument = (at: number): number => (at - documentAt) * 1000;
  return {
    start() {
      documentAt = bridgeAt = sipAt = registeredAt = Number.NaN;
      scriptBytes = 0;
      kinds.clear();
      scripts.clear();
    },
    registeredMs: () => sinceDocument(registeredAt),
    async read(page) {
      const dcl = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventStart ?? Number.NaN);
      return { dcl, bridgeWs: sinceDocument(bridgeAt), sipWs: sinceDocument(sipAt), registered: sinceDocument(registeredAt), scriptBytes };
    },
  };
}

/** Loads the page and resolves with the time its COLD_REPORT binding is called with (ms from navigation). */
async function timed(cdp: CDPSession, load: () => Promise<unknown>): Promise<number> {
  const reported = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      cdp.off('Runtime.bindingCalled', onCall);
      reject(new Error('The page did not report within 30 s.'));
    }, 30_000);
    const onCall = (event: { name: string; payload: string }): void => {
      if (event.name !== COLD_REPORT) return;
      clearTimeout(timer);
      cdp.off('Runtime.bindingCalled', onCall);
      resolve(Number(event.payload));
    };
    cdp.on('Runtime.bindingCalled', onCall);
  });
  await load();
  return reported;
}

const rendererBytes = (): number => {
  const dir = join(REPO_ROOT, 'out/renderer/assets');
  return readdirSync(dir).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
};

const dataDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
const sim = await spawnSimulator();
const host = await spawnBrowserHost(sim, dataDir);
const sipWs = (sim.ready['sip'] as { ws: string }).ws;
const bare = await serveBundledPage(join(REPO_ROOT, 'bench/lib/bare-register-entry.ts'), { minify: true, cacheScripts: true });
// The same page with the app's opener policy: navigated to from about:blank, it starts in a renderer process of its own, as the app does.
const bareOwnProcess = await serveBundledPage(join(REPO_ROOT, 'bench/lib/bare-register-entry.ts'), { minify: true, cacheScripts: true, headers: { 'Cross-Origin-Opener-Policy': SECURITY_HEADERS['Cross-Origin-Opener-Policy'] ?? 'same-origin' } });
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
  await appCdp.send('Network.enable');
  await appCdp.send('Runtime.enable');
  await appCdp.send('Runtime.addBinding', { name: COLD_REPORT });
  const phases = watchPhases(appCdp);
  await app.goto(url);
  await fillSignIn(app, { agent: first.agent, password: first.password });
  await phoneOnline(app);
  // The bare page registers the second agent with the HA1 the platform gives it.
  const record = (await client.agentAuthenticate({ agent: second.agent, password: second.password })) as { name: string; md5secret: string };
  const bareHash = encodeURIComponent(JSON.stringify({ uri: `sip:${record.name}@127.0.0.1`, user: record.name, ha1: record.md5secret, wsUrl: sipWs }));
  const bareContext = await browser.newContext();
  const barePage = await bareContext.newPage();
  const bareCdp = await bareContext.newCDPSession(barePage);
  await bareCdp.send('Network.enable');
  await bareCdp.send('Runtime.enable');
  await bareCdp.send('Runtime.addBinding', { name: COLD_REPORT });
  const barePhases = watchPhases(bareCdp);
  const cached = async (on: boolean): Promise<void> => {
    for (const cdp of [appCdp, bareCdp]) await cdp.send('Network.setCacheDisabled', { cacheDisabled: !on });
  };
  const loadApp = (): Promise<number> => timed(appCdp, () => app.reload());
  // The start of a shift: a new window, so a new renderer process (the app's opener policy), no old page to take down.
  const appUrl = app.url();
  const startApp = async (): Promise<number> => {
    await app.goto('about:blank');
    return timed(appCdp, () => app.goto(appUrl));
  };
  /** The bare page from about:blank: `served` is `bare` (same process) or `bareOwnProcess` (a new one, as a new window). */
  const loadBare = async (run: number, registered?: number[], served = bare): Promise<number> => {
    barePhases.start();
    const ms = await timed(bareCdp, () => barePage.goto(`${served.url}?run=${run}#${bareHash}`));
    registered?.push(barePhases.registeredMs());
    await barePage.goto('about:blank');
    return ms;
  };
  // Chromium keeps a script's compiled code from its second load on: three loads each before the runs.
  await cached(true);
  for (let warm = 0; warm < 3; warm += 1) {
    await loadApp();
    await loadBare(-1 - warm);
  }

  emitResult('cold-start', machine());
  const samples = { app: [] as number[], bare: [] as number[], appCached: [] as number[], bareCached: [] as number[], appStart: [] as number[], bareStart: [] as number[], appStartCached: [] as number[], bareStartCached: [] as number[], signIn: [] as number[] };
  // The same event at both pages, seen over CDP: the registrar's 200 to REGISTER received.
  const bareRegistered = { nothingCached: [] as number[], kept: [] as number[], startNothingCached: [] as number[], startKept: [] as number[] };
  const appStartRegistered = { nothingCached: [] as number[], kept: [] as number[] };
  const noSteps = (): Record<Step, number[]> => ({ dcl: [], bridgeWs: [], sipWs: [], registered: [] });
  const steps = noSteps();
  const stepsCached = noSteps();
  const stepsStart = noSteps();
  let appScriptBytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    await cached(false);
    phases.start();
    samples.app.push(await loadApp());
    const seen = await phases.read(app);
    for (const step of STEPS) steps[step].push(seen[step]);
    appScriptBytes = Math.max(appScriptBytes, seen.scriptBytes);
    samples.bare.push(await loadBare(run, bareRegistered.nothingCached));
    await cached(true);
    phases.start();
    samples.appCached.push(await loadApp());
    const seenCached = await phases.read(app);
    for (const step of STEPS) stepsCached[step].push(seenCached[step]);
    samples.bareCached.push(await loadBare(run, bareRegistered.kept));
    await cached(false);
    phases.start();
    samples.appStart.push(await startApp());
    appStartRegistered.nothingCached.push(phases.registeredMs());
    const seenStart = await phases.read(app);
    for (const step of STEPS) stepsStart[step].push(seenStart[step]);
    samples.bareStart.push(await loadBare(run, bareRegistered.startNothingCached, bareOwnProcess));
    await cached(true);
    phases.start();
    samples.appStartCached.push(await startApp());
    appStartRegistered.kept.push(phases.registeredMs());
    samples.bareStartCached.push(await loadBare(run, bareRegistered.startKept, bareOwnProcess));
    // The start of a shift: from "Sign in" to the phone registered (the app's own work after the agent typed).
    await signOut(app);
    await app.locator('input[name=agent]').fill(first.agent);
    await app.locator('input[name=password]').fill(first.password);
    const clicked = performance.now();
    await app.locator('button[type=submit]').click();
    await app.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 30_000 });
    samples.signIn.push(performance.now() - clicked);
  }
  const label = {
    app: 'the app: reload, signed in; nothing cached',
    bare: 'bare sip.js page; nothing cached',
    appCached: 'the app: reload, signed in; compiled code kept',
    bareCached: 'bare sip.js page; compiled code kept',
    appStart: 'the app: a new window (own process); nothing cached',
    bareStart: 'bare sip.js page: own process; nothing cached',
    appStartCached: 'the app: a new window (own process); code kept',
    bareStartCached: 'bare sip.js page: own process; code kept',
    signIn: 'the app: "Sign in" → registered',
  } as const;
  const rows = (['app', 'bare', 'appCached', 'bareCached', 'appStart', 'bareStart', 'appStartCached', 'bareStartCached', 'signIn'] as const).map((page) => ({
    page: label[page],
    runs: samples[page].length,
    p50ms: round(percentile(samples[page], 50), 1),
    p95ms: round(percentile(samples[page], 95), 1),
    builtKiB: round((page.startsWith('bare') ? bare.bundleBytes : rendererBytes()) / 1024, 0),
    // What a reload with nothing cached fetched (every chunk of the build is fetched by neither page: the other language, the supervisor console).
    loadedKiB: page === 'app' ? round(appScriptBytes / 1024, 0) : page === 'bare' ? round(bare.bundleBytes / 1024, 0) : null,
  }));
  for (const row of rows) emitResult('cold-start', { kind: 'page', ...row });
  printTable(`bench/cold-start: navigation → registered, ${RUNS} runs each, alternating`, rows);
  const stepLabel = { dcl: 'DOMContentLoaded', bridgeWs: 'bridge WebSocket handshake', sipWs: 'SIP WebSocket handshake', registered: "the registrar's 200 to REGISTER received" } as const;
  for (const [cache, seen, connected] of [['reload, nothing cached', steps, samples.app], ['reload, compiled code kept', stepsCached, samples.appCached], ['new window, nothing cached', stepsStart, samples.appStart]] as const) {
    const stepRows: { step: string; p50ms: number; p95ms: number }[] = STEPS.map((step) => ({
      step: stepLabel[step],
      p50ms: round(percentile(seen[step], 50), 1),
      p95ms: round(percentile(seen[step], 95), 1),
    }));
    stepRows.push({ step: 'header says connected', p50ms: round(percentile(connected, 50), 1), p95ms: round(percentile(connected, 95), 1) });
    for (const row of stepRows) emitResult('cold-start', { kind: 'step', cache, ...row });
    printTable(`the app's start, ${cache}, step by step (ms from navigation)`, stepRows);
  }
  // Registered, the same event at both pages (the 200 seen over CDP), beside the app's header (its first "connected").
  const registeredRows = [
    { cache: 'reload, nothing cached', app: steps.registered, bare: bareRegistered.nothingCached },
    { cache: 'reload, code kept', app: stepsCached.registered, bare: bareRegistered.kept },
    { cache: 'new window, nothing cached', app: appStartRegistered.nothingCached, bare: bareRegistered.startNothingCached },
    { cache: 'new window, code kept', app: appStartRegistered.kept, bare: bareRegistered.startKept },
  ].map(({ cache, app: appMs, bare: bareMs }) => ({ cache, appP50ms: round(percentile(appMs, 50), 1), bareP50ms: round(percentile(bareMs, 50), 1), ratio: round(percentile(appMs, 50) / percentile(bareMs, 50), 2) }));
  for (const row of registeredRows) emitResult('cold-start', { kind: 'registered', ...row });
  printTable("navigation → the registrar's 200 to REGISTER received (CDP), both pages", registeredRows);
  const ratioOf = (app: number[], bareMs: number[]): number => round(percentile(app, 50) / percentile(bareMs, 50), 2);
  // The measure: navigation → registered, the same event at both pages.
  const registered = Object.fromEntries(['registeredReloadNothingCached', 'registeredReloadKept', 'registeredStartNothingCached', 'registeredStartKept'].map((key, i) => [key, registeredRows[i]?.ratio ?? Number.NaN]));
  // What the agent sees: the app's header saying connected, against the bare page's registerer.
  const ratios = {
    reloadNothingCached: ratioOf(samples.app, samples.bare),
    reloadKept: ratioOf(samples.appCached, samples.bareCached),
    startNothingCached: ratioOf(samples.appStart, samples.bareStart),
    startKept: ratioOf(samples.appStartCached, samples.bareStartCached),
  };
  const within = (of: Record<string, number>): Record<string, boolean> => Object.fromEntries(Object.entries(of).map(([k, v]) => [`${k}WithinOneAndAHalf`, v <= 1.5]));
  const targets = { kind: 'targets', ...ratios, ...within(ratios), ...registered, ...within(registered) };
  emitResult('cold-start', targets);
  const said = (of: Record<string, number>): string => Object.entries(of).map(([k, v]) => `${k} ${v}× ${v <= 1.5 ? 'ok' : 'over'}`).join('; ');
  process.stderr.write(`targets, p50, ≤ 1.5× the bare page: registered (the registrar's 200 at both pages): ${said(registered)}\n`);
  process.stderr.write(`  the app's header connected against the bare page registered: ${said(ratios)}\n`);
} finally {
  await client.close();
  await browser.close();
  await bare.close();
  await bareOwnProcess.close();
  host.stop();
  await sim.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

