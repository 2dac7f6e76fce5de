// Helpers of the calls E2E: the simulator's call records and dispositions,
// polling with a bound, and the platform's API as a supervisor would use it.
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
