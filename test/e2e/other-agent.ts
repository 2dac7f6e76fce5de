// A second (or third) agent beside an E2E app, for transfers and three-way
// calls (issue 22): its own browser host and data folder, its own Chromium
// (so its fake microphone can play its own tone: one Chromium plays one file),
// signed in as another seeded agent of the same simulator, its phone online.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';
import { fillSignIn, phoneOnline, sipWsUrl, type E2EApp, type SeededAgent } from './harness';

export interface OtherAgent {
  agent: SeededAgent;
  host: BrowserHost;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export interface OtherAgentOptions {
  chromiumArgs?: string[];
  /** The phone's SIP server, when it is not the simulator's (test/interop: Kamailio's WebSocket). */
  sipUrl?: string;
}

export async function openOtherAgent(app: E2EApp, agentIndex: number, options: OtherAgentOptions = {}): Promise<OtherAgent> {
  const agent = app.agents[agentIndex];
  if (!agent) throw new Error(`the simulator has no seeded agent number ${agentIndex}`);
  const dataDir = mkdtempSync(join(tmpdir(), `softphone-e2e-agent${agentIndex}-`));
  const sipUrl = options.sipUrl ?? sipWsUrl(app.sim);
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse().splice(0)) await cleanup().catch(() => undefined);
  };
  try {
    const host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir, overrides: sipUrl ? { sipUrl } : {} });
    cleanups.push(() => host.close());
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CALL_ARGS, ...(options.chromiumArgs ?? [])] });
    cleanups.push(() => browser.close());
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
    await page.goto(host.url);
    await fillSignIn(page, { instanceUrl: app.sim.baseUrl, agent: agent.agent, password: agent.password });
    await page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
    await phoneOnline(page);
    return { agent, host, browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
