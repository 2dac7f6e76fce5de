// Shared by the call tests that need a real WebRTC phone: the whole simulator
// (HTTP API + SIP) and the bare sip.js agent page in headless Chromium, signed
// in as ana.garcia (Agent Authentication) and registered with her HA1.
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Simulator } from '../../../simulator/index';
import { createSipExtension, type SipExtensionOptions } from '../../../simulator/sip/sip-extension';
import { openPageInChromium, type PageInChromium } from '../../support/chromium-page';
import { until } from '../../support/poll-until';
import { control, post, startTestSimulator } from '../sim-client';

export interface CallView {
  guid: string;
  status: string;
  endedBy?: string;
  cause?: string;
  levels?: { customerReceived: { packets: number; peakRms: number; lastPacketAt?: string }; customerSent: { packets: number } };
}

export interface AgentSession {
  token: string;
  md5secret: string;
  name: string;
}

export interface AgentPageSession {
  sim: Simulator;
  browser: PageInChromium;
  ana: AgentSession;
  wsUrl: string;
  close(): Promise<void>;
}

export async function signIn(sim: Simulator, agent = 'ana.garcia'): Promise<AgentSession> {
  const { password } = sim.ready.credentials.agents.find((a) => a.agent === agent)!;
  const login = await post(sim, 'agentLogin', { agent, password });
  expect(login.text).not.toBe('0');
  return JSON.parse(login.text) as AgentSession;
}

export async function startAgentPageSession(options: SipExtensionOptions = {}): Promise<AgentPageSession> {
  const sim = await startTestSimulator({ extensions: [createSipExtension(options)] });
  let browser: PageInChromium | undefined;
  try {
    browser = await openPageInChromium(join(import.meta.dirname, 'agent-page/agent-page-entry.ts'), 'agentPage');
    const ana = await signIn(sim);
    const wsUrl = (sim.ready.sip as { ws: string }).ws;
    await browser.page.evaluate((config) => window.agentPage.start(config), { wsUrl, phone: ana.name, ha1: ana.md5secret, domain: '127.0.0.1' });
    await browser.page.waitForFunction(() => window.agentPage.state.registered, undefined, { timeout: 10_000 });
    const opened = browser;
    return {
      sim, browser: opened, ana, wsUrl,
      async close() {
        await opened.close();
        await sim.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await sim.close();
    throw error;
  }
}

export async function callView(sim: Simulator, guid: string): Promise<CallView> {
  const answer = await control(sim, 'GET', `/calls/${guid}`);
  expect(answer.status).toBe(200);
  return answer.json as CallView;
}

export function untilCall(sim: Simulator, guid: string, what: string, check: (call: CallView) => boolean, timeoutMs = 10_000): Promise<CallView> {
  return until(what, () => callView(sim, guid), check, { timeoutMs });
}

/** Make Call for ana (auto-answered by the page); resolves with the GUID once the customer hears RTP from her. */
export async function callAna(session: AgentPageSession): Promise<string> {
  const { sim, ana } = session;
  const made = await post(sim, 'makeCall', {
    callerid: '59826001234', agent: 'ana.garcia', phone: ana.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination: '099123456',
  }, ana.token);
  expect(made.text).toMatch(/^[0-9a-f-]{36}$/);
  await untilCall(sim, made.text, 'the call is active and the agent is heard', (c) => c.status === 'active' && (c.levels?.customerReceived.packets ?? 0) > 5);
  return made.text;
}

/** Waits until RTP from the agent keeps arriving: `more` packets past what the customer had received. */
export async function untilAgentHeard(sim: Simulator, guid: string, more: number, what: string): Promise<CallView> {
  const start = (await callView(sim, guid)).levels?.customerReceived.packets ?? 0;
  return untilCall(sim, guid, what, (c) => (c.levels?.customerReceived.packets ?? 0) > start + more);
}
