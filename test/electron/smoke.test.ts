// The Electron smoke suite (issue 14), run where an Electron binary exists
// (npm run test:electron; IT runs it before a roll-out, docs/DEPLOYMENT.md):
// the real main process and window through playwright-core's _electron, on
// the simulator. The window's security options read back from
// webPreferences, the page from app://, sign-in, a call with audio both ways,
// a disposition the simulator stores, quit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_ENV } from '../../main/services/session';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator } from '../../simulator/index';
import { pageLevel, panelState } from '../e2e/calls-kit';
import { phoneOnline, simControl } from '../e2e/harness';

const projectDir = resolve(import.meta.dirname, '../..');
let sim: Simulator;
let app: ElectronApplication;
let page: Page;
let home: string;

beforeAll(async () => {
  const binary = process.env['SOFTPHONE_ELECTRON_BINARY'];
  if (!binary) throw new Error('Run through `npm run test:electron`, which finds the Electron binary.');
  sim = await startSimulator({ port: 0, extensions: defaultExtensions });
  home = mkdtempSync(join(tmpdir(), 'electron-smoke-'));
  const agent = sim.ready.credentials.agents[0]!;
  const sip = sim.ready['sip'] as { ws: string };
  app = await _electron.launch({
    executablePath: binary,
    args: [projectDir, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--allow-loopback-in-peer-connection', '--no-sandbox'],
    env: {
      ...process.env,
      // A fresh userData (settings, vault, outbox) for this run only.
      XDG_CONFIG_HOME: home, HOME: home,
      [LAUNCH_ENV.instanceUrl]: sim.baseUrl, [LAUNCH_ENV.agent]: agent.agent, [LAUNCH_ENV.demoPassword]: agent.password, [LAUNCH_ENV.sipUrl]: sip.ws,
    },
  });
  page = await app.firstWindow();
  await page.locator('form').first().waitFor({ timeout: 30_000 });
}, 180_000);
afterAll(async () => {
  await app?.close().catch(() => undefined);
  await sim?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('Electron smoke', () => {
  it('opens the window with every security option on, the page from app://renderer', async () => {
    expect(page.url()).toMatch(/^app:\/\/renderer\//u);
    // getLastWebPreferences is Electron's read-back of the options the window was made with (not in its typings).
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as { getLastWebPreferences?: () => unknown } | undefined;
      return contents?.getLastWebPreferences?.();
    });
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    // And from the page's side: no Node, only the preload's bridge.
    const seen = await page.evaluate(() => {
      const g = globalThis as { require?: unknown; process?: unknown; softphone?: unknown };
      return { require: typeof g.require, process: typeof g.process, bridge: typeof g.softphone };
    });
    expect(seen).toEqual({ require: 'undefined', process: 'undefined', bridge: 'object' });
  });

  it('signs in on the simulator, takes a call with audio both ways, records a disposition, quits', async () => {
    await page.locator('button[type=submit]').first().click();
    await phoneOnline(page);
    await simControl(sim, 'POST', '/inbound-call', { campaign: 'Soporte<-', from: '099555123' });
    await panelState(page, 'ringing').waitFor({ timeout: 20_000 });
    await page.getByTestId('answer').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    await expect.poll(() => pageLevel(page), { timeout: 15_000 }).toBeGreaterThan(0.01);
    await page.getByTestId('hang-up').click();
    const form = page.getByTestId('disposition-form');
    await form.locator('input[name=l1]').fill('Resuelto');
    await form.getByTestId('disposition-submit').click();
    await expect.poll(async () => ((await simControl(sim, 'GET', '/state')) as { dispositions: unknown[] }).dispositions.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await app.close();
  });
});
