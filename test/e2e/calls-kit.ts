// Helpers of the calls E2E: the simulator's call records and dispositions,
// polling with a bound, the platform's API as a supervisor would use it, and
// the steps of a transfer (also driven by test/interop).
import type { Page } from 'playwright-core';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { readWav } from '../interop/media/wav';
import { simControl, type E2EApp } from './harness';

export interface SimLevels {
  customerReceived: { packets: number; rms: number; peakRms: number; meanRms: number; lastPacketAt?: string };
  customerSent: { packets: number; rms: number };
}

export interface SimCall {
  guid: string;
  phone: string;
  destination: string;
  campaign: string;
  callerid: string;
  origin: string;
  status: string;
  endedBy?: string;
  cause?: string;
  dtmf: string[];
  levels?: SimLevels;
}

export interface SimDisposition {
  guid: string;
  params: Record<string, string>;
  knownCall: boolean;
  received: number;
}

export async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

export const simCalls = async (app: E2EApp): Promise<SimCall[]> => (await app.simState())['calls'] as SimCall[];
export const simCall = async (app: E2EApp, guid: string): Promise<SimCall> => (await simControl(app.sim, 'GET', `/calls/${guid}`)) as SimCall;

/** The last 3 s the simulator's customer heard on a live call (8 kHz samples, -1..1). */
export async function customerHeard(app: E2EApp, guid: string): Promise<Float32Array> {
  const response = await fetch(`${app.sim.control.url}/calls/${guid}/heard.wav`, { headers: { 'X-Sim-Secret': app.sim.control.secret } });
  if (!response.ok) throw new Error(`GET /__sim/calls/${guid}/heard.wav answered ${response.status}: ${await response.text()}`);
  return readWav(Buffer.from(await response.arrayBuffer())).samples;
}
export const simDispositions = async (app: E2EApp): Promise<SimDisposition[]> => (await app.simState())['dispositions'] as SimDisposition[];

/** The platform's API as the supervisor (client token). Close it after use. */
export async function supervisorApi(app: E2EApp): Promise<IntegraClient> {
  const client = createIntegraClient({ baseUrl: app.sim.baseUrl });
  await client.clientAuthenticate({ user: app.apiUser.user, password: app.apiUser.password });
  return client;
}

/** The page's received audio level, read from the call panel's meter. */
export async function pageLevel(page: Page): Promise<number> {
  return Number((await page.getByTestId('remote-level').getAttribute('data-level')) ?? '0');
}

export const panelState = (page: Page, state: string) => page.locator(`[data-testid=call-panel][data-state=${state}]`);

/** Opens the transfer dialog of the live call and types the target. */
export async function openTransfer(page: Page, query: string): Promise<void> {
  await page.getByTestId('transfer-open').click();
  await page.getByTestId('transfer-search').fill(query);
}

/** Dismisses or discards every wrap-up on screen (at most 10), so the agent is free for the next case. */
export async function discardWrapUps(page: Page): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const form = page.locator('[data-testid=disposition-form]').first();
    if (!(await form.isVisible().catch(() => false))) return;
    const guid = await form.getAttribute('data-guid');
    // A call without a GUID (no CTI) can only be dismissed.
    if (await form.getByTestId('disposition-dismiss').isVisible()) await form.getByTestId('disposition-dismiss').click();
    else {
      await form.getByTestId('disposition-discard').click();
      await page.getByTestId('disposition-discard-confirm').click();
    }
    // Main forgets it first; only then is the next one shown.
    if (guid) await page.locator(`[data-testid=disposition-form][data-guid="${guid}"]`).waitFor({ state: 'detached' });
  }
}

/** A call panel of `page` in a state that holds the agent (ringing, answering, calling, connected). */
const busyPanel = (page: Page) => page.locator('[data-testid=call-panel]:is([data-state=ringing],[data-state=answering],[data-state=calling],[data-state=remote-ringing],[data-state=active],[data-state=held])');

/**
 * Each agent of `pages` free for the next case, whatever the last one left
 * behind when it failed: the platform ends its open calls (as a customer
 * hanging up), a consultation still shown is hung up, wrap-ups are discarded,
 * and every phone is registered again. Without it one failed case made every
 * later one find nobody idle in the campaign.
 */
export async function freeAgents(app: E2EApp, pages: Page[]): Promise<void> {
  for (const call of await simCalls(app)) {
    if (call.status === 'ended') continue;
    await simControl(app.sim, 'POST', `/calls/${call.guid}/hangup`, {}).catch(() => undefined); // 409: it ended meanwhile
  }
  for (const page of pages) {
    for (let i = 0; i < 3 && (await busyPanel(page).count()) > 0; i += 1) {
      const hangUp = page.getByTestId('hang-up').first();
      if (await hangUp.isVisible().catch(() => false)) await hangUp.click().catch(() => undefined);
      await busyPanel(page).first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
    await discardWrapUps(page);
    await page.locator('[data-testid=connection][data-state=online]').waitFor({ timeout: 30_000 });
  }
}

/** Make Call from the dial pad, answered by itself; the simulator's record of the call. */
export async function dialFromPad(app: E2EApp, number: string): Promise<SimCall> {
  await app.page.locator('input[name=number]').fill(number);
  await app.page.getByTestId('call-button').click();
  await panelState(app.page, 'active').waitFor({ timeout: 15_000 });
  return until(async () => (await simCalls(app)).find((c) => c.destination === number && c.status === 'active'), 'the simulator holds the call');
}

/** Make Call from the dial pad to `number`, answered by itself; the simulator's record once audio flows both ways. */
export async function callWithAudio(app: E2EApp, number: string): Promise<SimCall> {
  const call = await dialFromPad(app, number);
  await until(async () => (await pageLevel(app.page)) > 0.01, 'the page hears the customer');
  return call;
}

/** Fills the call's wrap-up (l1, and a callback to `camptoreschedule` when given) and submits it. */
export async function disposeInForm(page: Page, guid: string, l1: string, extra: { camptoreschedule?: string } = {}): Promise<void> {
  const form = page.locator(`[data-testid=disposition-form][data-guid="${guid}"]`);
  await form.locator('input[name=l1]').fill(l1);
  if (extra.camptoreschedule) {
    await form.locator('input[name=callback]').check();
    await form.locator('input[name=callbackAt]').fill('2030-05-06T10:30');
    await form.locator('input[name=callbackDialer]').fill(extra.camptoreschedule);
  }
  await page.getByTestId('disposition-submit').click();
  await form.waitFor({ state: 'detached' });
}
