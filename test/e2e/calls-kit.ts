// Helpers of the calls E2E: the simulator's call records and dispositions,
// polling with a bound, the platform's API as a supervisor would use it, and
// the steps of a transfer (also driven by test/interop).
import type { Page } from 'playwright-core';
import { createIntegraClient, type IntegraClient } from '../../main/api';
import { simControl, type E2EApp } from './harness';

export interface SimLevels {
  customerReceived: { packets: number; rms: number; peakRms: number; meanRms: number };
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
