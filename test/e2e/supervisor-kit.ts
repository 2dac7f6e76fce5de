// Helpers of the supervisor E2E: tabs, the tables, the simulator's view of
// what the supervisor did, and a second copy of the app signed in as the
// agent the dialer offers a record to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { until as pollUntil } from '../support/poll-until';
import { chooseLanguage, fillSignIn, screenshot, simControl, type E2EApp } from './harness';

/** Built by startApp (ensureRendererBuilt) before any second host starts. */
const RENDERER_DIR = resolve(import.meta.dirname, '../../out/renderer');

export type Tab = 'campaigns' | 'dialers' | 'createAgent' | 'members' | 'upload' | 'dialerRecord';

export async function openTab(page: Page, tab: Tab): Promise<void> {
  await page.locator(`[role=tab][data-tab=${tab}]`).click();
  await page.locator(`#sup-panel-${tab}`).waitFor();
}

/** The first cell of each body row, in order. */
export async function firstColumn(page: Page, table: string): Promise<string[]> {
  return page.locator(`[data-testid=${table}] tbody tr td:first-child`).allTextContents();
}

/** Screenshots of the current screen in both languages; ends in English. */
export async function shootBothLanguages(page: Page, name: string): Promise<void> {
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    await screenshot(page, `supervisor-${name}-${language}`);
  }
}

export interface SimState {
  agents: { accountcode: string; name: string; fullname: string; origin: string }[];
  queueMembers: { membername: string; queueName: string; interface1: string }[];
  lists: { id: number; filename: string; campaign: string; username: string; cant: number; records: number; hasHeader: boolean }[];
  dialerTasks: { campaign: string; destination: string; agent: string; data: string; status: string; calldate: string | null }[];
  calls: { guid: string; phone: string; destination: string; campaign: string; origin: string; status: string }[];
  requests: { operation: string; result: string }[];
}

export async function state(app: E2EApp): Promise<SimState> {
  return (await app.simState()) as unknown as SimState;
}

export async function listContent(app: E2EApp, id: number): Promise<string> {
  const response = await fetch(`${app.sim.control.url}/lists/${id}/content`, { headers: { 'X-Sim-Secret': app.sim.control.secret } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Polls the simulator until `check` holds (bounded: 15 s). */
export const until = <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> => pollUntil(what, read, check, { intervalMs: 100 });

export interface AgentApp {
  page: Page;
  close(): Promise<void>;
}

/**
 * A second copy of the app (its own browser host, same simulator) signed in
 * as `agent`: its phone registers like any agent's, so the dialer can offer
 * it a record. (One host holds one session, hence a second host.)
 */
export async function signInAgentApp(app: E2EApp, agent: string, password: string): Promise<AgentApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-agent-app-'));
  const sip = app.sim.ready['sip'] as { ws: string };
  let host: BrowserHost | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    host = await startBrowserHost({ rendererDir: RENDERER_DIR, dataDir, overrides: { sipUrl: sip.ws } });
    context = await app.browser.newContext({ viewport: { width: 900, height: 700 } });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.locator('form').first().waitFor();
    await fillSignIn(page, { instanceUrl: app.sim.baseUrl, agent, password });
    await page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Phones with a SIP binding at the simulator's registrar. */
export async function registeredPhones(app: E2EApp): Promise<string[]> {
  return ((await simControl(app.sim, 'GET', '/sip/registrations')) as { phone: string }[]).map((r) => r.phone);
}
