// `npm start -- --browser --no-open` on the simulator: prints one JSON ready
// line; the page it names shows the sign-in form pre-filled with the demo
// agent, and signing in works with the password main holds for it. With
// `--instance --sip-url` (what IT gives for a real instance) the form carries
// both addresses and the phone registers at the given SIP address.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator } from '../../simulator/index';
import { browserArguments } from '../../main/browser-host/open-browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';
import { pageLevel } from './calls-kit';
import { until } from '../support/poll-until';

const readySchema = z.object({
  event: z.literal('ready'),
  url: z.string().regex(/^http:\/\/127\.0\.0\.1:\d+\/#code=[0-9a-f]{48}$/),
  simulator: z.object({ baseUrl: z.string(), credentials: z.object({ agents: z.array(z.object({ agent: z.string(), phone: z.string() })).min(1) }) }).loose(),
});

/** A fake microphone stands in for the agent's headset; the rest is what npm start's launcher gives Chromium on the simulator. */
const FAKE_HEADSET = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'];
const launcherMediaSwitches = (url: string) => browserArguments(url, '', { builtInSimulator: true }).filter((arg) => !/^--(app|user-data-dir|window-size)=/.test(arg));

const children: ChildProcess[] = [];
let browser: Browser | undefined;
let sim: Simulator | undefined;
const root = mkdtempSync(join(tmpdir(), 'npm-start-e2e-'));
// Not created: a new machine has no ~/.config/agent-softphone yet.
const configHome = join(root, 'config');

afterAll(async () => {
  await browser?.close();
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM'); // the process group we started (npm, tsx, node)
      await exited;
    }
  }
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

function npmStart(args: readonly string[], stderr: 'inherit' | 'pipe' = 'inherit'): ChildProcess {
  const child = spawn('npm', ['start', '-s', '--', '--browser', '--no-open', ...args], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, XDG_CONFIG_HOME: configHome },
    stdio: ['ignore', 'pipe', stderr],
    detached: true,
  });
  children.push(child);
  return child;
}

function readyLine(process: ChildProcess): Promise<string> {
  return new Promise((resolveLine, reject) => {
    const timer = setTimeout(() => reject(new Error('npm start printed no ready line within 120 s')), 120_000);
    const lines = createInterface({ input: process.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolveLine(line);
    });
    process.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready`)));
  });
}

describe('npm start', () => {
  it('on a new machine (no data folder yet) reaches the sign-in screen against the simulator, signs the demo agent in, and a demo call rings and is heard', { timeout: 180_000 }, async () => {
    const child = npmStart([]);
    const ready = readySchema.parse(JSON.parse(await readyLine(child)));
    expect(existsSync(join(configHome, 'agent-softphone', 'browser-host', 'instance.json'))).toBe(true);
    const demo = ready.simulator.credentials.agents[0]!;

    // Launched as npm start's launcher does on the simulator (without its loopback switch no RTP flows: the call is silent).
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_HEADSET, ...launcherMediaSwitches(ready.url)] });
    const page = await browser.newPage();
    await page.goto(ready.url);
    await page.locator('input[name=agent]').waitFor();
    expect(await page.locator('input[name=agent]').inputValue()).toBe(demo.agent);
    expect(await page.locator('input[name=instanceUrl]').inputValue()).toBe(ready.simulator.baseUrl);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-extension').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('agent-extension').textContent()).toContain(demo.phone);
    // The demo rings by itself: a customer calls the demo agent's inbound campaign ~20 s after start.
    const ringing = page.locator('[data-testid=call-panel][data-state=ringing]');
    await ringing.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('call-who').textContent()).toContain('098765432');
    await page.getByTestId('answer').click();
    await page.locator('[data-testid=call-panel][data-state=active]').waitFor({ timeout: 15_000 });
    await until('the demo customer is heard', () => pageLevel(page), (level) => level > 0.01, { timeoutMs: 15_000 });
    await page.getByTestId('hang-up').click();
    await ringing.waitFor({ state: 'detached' });
  });

  it('with --instance and --sip-url pre-fills both addresses, and the phone registers at that SIP address', { timeout: 180_000 }, async () => {
    sim = await startSimulator({ port: 0, extensions: defaultExtensions });
    const sipWs = z.object({ sip: z.object({ ws: z.string() }).loose() }).loose().parse(sim.ready).sip.ws;
    const agent = sim.ready.credentials.agents[1]!;
    const child = npmStart(['--data-dir', mkdtempSync(join(root, 'instance-')), '--instance', sim.baseUrl, '--sip-url', sipWs]);
    const ready = z.object({ event: z.literal('ready'), url: z.string(), simulator: z.null() }).parse(JSON.parse(await readyLine(child)));

    browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    await page.goto(ready.url);
    await page.locator('input[name=agent]').waitFor();
    expect(await page.locator('input[name=instanceUrl]').inputValue()).toBe(sim.baseUrl);
    expect(await page.locator('input[name=sipUrl]').inputValue()).toBe(sipWs);
    await page.locator('input[name=agent]').fill(agent.agent);
    await page.locator('input[name=password]').fill(agent.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-extension').waitFor({ timeout: 15_000 });
    await until('the phone is registered', () => page.getByTestId('connection').getAttribute('data-phone'), (phone) => phone === 'registered', { timeoutMs: 20_000 });
    expect(sim.state.agents.byPhone(agent.phone)?.loggedIn).toBe(true);
  });

  it('refuses a --sip-url that is not a WebSocket address, saying what to give', async () => {
    const child = npmStart(['--instance', 'https://instance.invalid', '--sip-url', 'https://instance.invalid:8089/ws'], 'pipe');
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout?.resume();
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(stderr).toContain('--sip-url "https://instance.invalid:8089/ws" is not a WebSocket address. Give one like wss://<host>:8089/ws.');
  });
});
