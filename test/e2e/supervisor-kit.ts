// Helpers of the supervisor E2E: tabs, the tables, the simulator's view of
// what the supervisor did, and a bare sip.js phone (the test agent page of
// test/simulator/sip) for the agent the dialer offers a record to.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchAgentBrowser, type AgentBrowser } from '../simulator/sip/agent-page/agent-browser';
import { serveAgentPage, type AgentPageServer } from '../simulator/sip/agent-page/serve-agent-page';
import { chooseLanguage, screenshot, type E2EApp } from './harness';

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
export async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}; last: ${JSON.stringify(last).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

export interface TestPhone {
  close(): Promise<void>;
}

/** Agent Authentication for `agent` (plain form POST), then a sip.js phone registers with the record's HA1. */
export async function registerTestPhone(app: E2EApp, agent: string, password: string): Promise<TestPhone> {
  const login = await fetch(`${app.sim.baseUrl}/Integra/resources/auth/AgentLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ agent, password }).toString(),
  });
  const record = JSON.parse(await login.text()) as { name: string; md5secret: string };
  const sip = app.sim.ready['sip'] as { ws: string };
  let server: AgentPageServer | undefined;
  let browser: AgentBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
  };
  try {
    server = await serveAgentPage();
    browser = await launchAgentBrowser();
    await browser.page.goto(server.url);
    await browser.page.waitForFunction(() => 'agentPage' in window);
    await browser.page.evaluate((config) => window.agentPage.start(config), { wsUrl: sip.ws, phone: record.name, ha1: record.md5secret, domain: '127.0.0.1' });
    await browser.page.waitForFunction(() => window.agentPage.state.registered, undefined, { timeout: 10_000 });
    return { close };
  } catch (error) {
    await close();
    throw error;
  }
}
