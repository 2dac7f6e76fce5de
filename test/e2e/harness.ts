// Reusable E2E harness: the simulator and the browser host on free loopback
// ports, Debian's Chromium driven by playwright-core (with fake media devices,
// ready for calls), helpers to sign in, read the simulator's state, take
// screenshots, and tear it all down.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import type { LaunchOverrides } from '../../main/services/session';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator, type SimulatorExtension } from '../../simulator/index';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { reportOnFailure } from '../support/failure-report';
import type { BackoffPolicy } from '../../common/backoff';
import type { Policy } from '../../main/services/policy/policy-schema';
import { loadPolicy, POLICY_ENV_VAR, type LoadedPolicy } from '../../main/services/policy';

const PROJECT_DIR = resolve(import.meta.dirname, '../..');
/**
 * Where screenshots go: test-results/screenshots (ignored by git) on every run,
 * docs/screenshots (the README's) when UPDATE_SCREENSHOTS=1, so a test run
 * never dirties the work tree.
 */
export const SCREENSHOT_DIR = join(PROJECT_DIR, process.env['UPDATE_SCREENSHOTS'] === '1' ? 'docs/screenshots' : 'test-results/screenshots');

export interface SeededAgent {
  agent: string;
  password: string;
  phone: string;
}

export interface E2EApp {
  sim: Simulator;
  host: BrowserHost;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The browser host's data folder (settings.json); removed by close(). */
  dataDir: string;
  /** Every WebSocket frame the page received over the bridge, as text. */
  bridgeFrames: string[];
  /** The proxy between the page and the simulator's SIP WebSocket, when asked for (`sipProxy`). */
  sipProxy: FaultProxy | null;
  /** Seeded agents of the simulator, with their passwords. */
  agents: SeededAgent[];
  apiUser: { user: string; password: string };
  /** GET /__sim/state. */
  simState(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Pre-fill like `npm start` does (instance, demo agent and a password held by main). */
  demo?: boolean;
  overrides?: LaunchOverrides;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Text of the browser-mode settings file to start with (e.g. a corrupt one). */
  settingsFileText?: string;
  /** Start the simulator's SIP side (WebSocket registrar, calls with media); default true. */
  sip?: boolean;
  /** Simulator extensions instead of the default SIP side (e.g. test/interop's upstream mode through Kamailio). */
  simulatorExtensions?: SimulatorExtension[];
  /** Extra Chromium flags (CALL_ARGS are always included). */
  chromiumArgs?: string[];
  /** Put a fault proxy between the page and the simulator's SIP WebSocket (outage tests). */
  sipProxy?: boolean;
  /** The dispositions outbox's retry schedule (tests shorten it). */
  outboxBackoff?: BackoffPolicy;
  /** IT's policy, as if read from its file (values and locks). */
  policy?: Policy;
  /** The text of an IT policy file, read as the app reads one named by its environment variable (a broken one, say). */
  policyFileText?: string;
  /** Real audio devices (a PulseAudio of the test's, pulse-audio.ts) instead of Chromium's fake ones, heard (no --mute-audio). */
  realAudio?: { env: Record<string, string> };
}

export async function startApp(options: StartOptions = {}): Promise<E2EApp> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`E2E needs Debian's Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  const rendererDir = ensureRendererBuilt(PROJECT_DIR);
  const dataDir = mkdtempSync(join(tmpdir(), 'softphone-e2e-'));
  if (options.settingsFileText !== undefined) writeFileSync(join(dataDir, 'settings.json'), options.settingsFileText);
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse().splice(0)) await cleanup().catch(() => undefined);
  };
  try {
    const sim = await startSimulator({ port: 0, extensions: options.simulatorExtensions ?? (options.sip === false ? [] : defaultExtensions) });
    cleanups.push(() => sim.close());
    const agents = sim.ready.credentials.agents;
    const demo = agents[0];
    const simSipWs = sipWsUrl(sim);
    let sipProxy: FaultProxy | null = null;
    if (options.sipProxy && simSipWs) {
      const proxy = await startFaultProxy(Number(new URL(simSipWs).port));
      sipProxy = proxy;
      cleanups.push(() => proxy.close());
    }
    const sipWs = sipProxy ? `ws://127.0.0.1:${sipProxy.port}/ws` : simSipWs;
    const overrides: LaunchOverrides = options.demo && demo
      ? { instanceUrl: sim.baseUrl, agent: demo.agent, ...(sipWs ? { sipUrl: sipWs } : {}), ...options.overrides }
      : { ...(sipWs ? { sipUrl: sipWs } : {}), ...options.overrides };
    const host = await startBrowserHost({
      rendererDir,
      dataDir,
      overrides,
      ...(options.outboxBackoff ? { outboxBackoff: options.outboxBackoff } : {}),
      ...(options.policy ? { policy: { policy: options.policy, source: 'the test\'s policy', problem: null, note: null } } : {}),
      ...(options.policyFileText === undefined ? {} : { policy: await policyFromFile(dataDir, options.policyFileText) }),
      ...(options.demo && demo ? { rememberedPasswords: { [demo.agent]: demo.password } } : {}),
    });
    cleanups.push(() => host.close());
    const callArgs = options.realAudio ? CALL_ARGS.filter((arg) => arg !== '--use-fake-device-for-media-stream') : CALL_ARGS;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...callArgs, ...(options.chromiumArgs ?? [])],
      ...(options.realAudio ? { ignoreDefaultArgs: ['--mute-audio'], env: { ...process.env, ...options.realAudio.env } } : {}),
    });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1000, height: 760 },
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const bridgeFrames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => bridgeFrames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')));
    });
    const consoleLines: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'warning' && message.type() !== 'error') return;
      consoleLines.push(`${new Date().toISOString()} [${message.type()}] ${message.text().slice(0, 500)}`);
      consoleLines.splice(0, consoleLines.length - 100);
    });
    const stopReporting = reportOnFailure({ name: `the app (${dataDir})`, report: () => failureReport(sim, dataDir, consoleLines, page) });
    cleanups.push(async () => stopReporting());
    await page.goto(host.url);
    await page.locator('form').first().waitFor();
    return {
      sim, host, browser, context, page, bridgeFrames, sipProxy, agents, dataDir,
      apiUser: sim.ready.credentials.apiUser,
      simState: () => simState(sim),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The app's log (its last lines), the page's console warnings, the call panels
 * the page shows, and the simulator's last calls, SIP registrations and connections.
 */
async function failureReport(sim: Simulator, dataDir: string, consoleLines: readonly string[], page: Page): Promise<string> {
  const logFolder = join(dataDir, 'logs');
  const logs = existsSync(logFolder) ? readdirSync(logFolder).sort() : [];
  const logText = logs.map((name) => `${name}:\n${readFileSync(join(logFolder, name), 'utf8').split('\n').slice(-80).join('\n')}`).join('\n');
  const sip = sipWsUrl(sim)
    ? await Promise.all(['/sip/registrations', '/sip/connections'].map(async (path) => `${path}: ${JSON.stringify(await simControl(sim, 'GET', path)).slice(0, 2_000)}`))
    : [];
  const panels = await page.locator('[data-testid=call-panel]').evaluateAll((nodes) =>
    nodes.map((node) => `${node.getAttribute('data-state') ?? '?'}: ${(node.textContent ?? '').replace(/\s+/gu, ' ').slice(0, 300)}`),
  ).catch((error: unknown) => [`(not read: ${error instanceof Error ? error.message : String(error)})`]);
  const calls = ((await simState(sim))['calls'] as unknown[] | undefined) ?? [];
  return [
    `app log: ${logText || '(empty)'}`,
    `page console (warnings, errors):\n${consoleLines.join('\n') || '(none)'}`,
    `call panels on the page: ${panels.join(' | ') || '(none)'}`,
    `simulator's last calls: ${JSON.stringify(calls.slice(-3)).slice(0, 3_000)}`,
    ...sip,
  ].join('\n');
}

/** Reads a policy file's text as the app does, from a file in `dir` named by the environment variable (this machine's system file is not looked at). */
async function policyFromFile(dir: string, text: string): Promise<LoadedPolicy> {
  const path = join(dir, 'policy.json');
  writeFileSync(path, text);
  const absent = Object.assign(new Error('not this test\'s file'), { code: 'ENOENT' });
  return loadPolicy({ platform: process.platform, env: { [POLICY_ENV_VAR]: path }, read: async (p) => (p === path ? readFileSync(p, 'utf8') : Promise.reject(absent)) });
}

/** The simulator's SIP WebSocket address, once the simulator offers one (ready line `sip.ws`). */
export function sipWsUrl(sim: Simulator): string | undefined {
  const sip = sim.ready['sip'];
  if (typeof sip === 'object' && sip !== null && 'ws' in sip && typeof sip.ws === 'string') return sip.ws;
  return undefined;
}

export async function simState(sim: Simulator): Promise<Record<string, unknown>> {
  return (await simControl(sim, 'GET', '/state')) as Record<string, unknown>;
}

/** Any control API request (`/__sim` + path), e.g. `simControl(sim, 'POST', '/faults', { operation: 'logout', kind: 'http500' })`. */
export async function simControl(sim: Simulator, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'X-Sim-Secret': sim.control.secret, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /__sim${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export interface SignInInput {
  agent: string;
  password: string;
  instanceUrl?: string;
  remember?: boolean;
  apiUser?: string;
  apiPassword?: string;
}

/** Fills the sign-in form by field names (language-independent) and submits it. */
export async function fillSignIn(page: Page, input: SignInInput): Promise<void> {
  if (input.instanceUrl !== undefined) await page.locator('input[name=instanceUrl]').fill(input.instanceUrl);
  await page.locator('input[name=agent]').fill(input.agent);
  await page.locator('input[name=password]').fill(input.password);
  if (input.remember !== undefined) await page.locator('input[name=remember]').setChecked(input.remember);
  if (input.apiUser !== undefined) {
    await openAdvanced(page);
    await page.locator('input[name=apiUser]').fill(input.apiUser);
    await page.locator('input[name=apiPassword]').fill(input.apiPassword ?? '');
  }
  await page.locator('button[type=submit]').click();
}

/** Signs in and waits for the header that shows the agent. */
export async function signIn(app: E2EApp, input: Partial<SignInInput> = {}): Promise<void> {
  const agent = app.agents[0]!;
  await fillSignIn(app.page, { instanceUrl: app.sim.baseUrl, agent: agent.agent, password: agent.password, ...input });
  await app.page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
}

/** Waits until the header shows the phone registered and the API reachable. */
export async function phoneOnline(page: Page): Promise<void> {
  await page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 15_000 });
}

/** The app signed in as the first seeded agent, its phone registered. */
export async function startSignedIn(options: StartOptions = {}): Promise<E2EApp> {
  const app = await startApp(options);
  await signIn(app);
  await phoneOnline(app.page);
  return app;
}

/** Opens the sign-out dialog, types the message and confirms; waits for the sign-in form. */
export async function signOut(page: Page, message = ''): Promise<void> {
  await page.locator('.app-header button').filter({ hasText: /sign out|cerrar sesión/i }).click();
  const dialog = page.locator('dialog[open]');
  if (message) await dialog.locator('input').fill(message);
  await dialog.locator('button[type=submit]').click();
  await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
}

export async function openAdvanced(page: Page): Promise<void> {
  const details = page.locator('details.advanced');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
}

export async function chooseLanguage(page: Page, language: 'es' | 'en'): Promise<void> {
  await page.locator('.language-switch select').first().selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

/** Saves <SCREENSHOT_DIR>/<name>.png (or under `dir`) and returns the path. */
export async function screenshot(page: Page, name: string, dir = SCREENSHOT_DIR): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Screenshots of the current screen in Spanish and English (`<name>-es`, `<name>-en`), then back to Spanish. */
export async function screenshotsInBothLanguages(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-es`);
  await chooseLanguage(page, 'en');
  await screenshot(page, `${name}-en`);
  await chooseLanguage(page, 'es');
}
