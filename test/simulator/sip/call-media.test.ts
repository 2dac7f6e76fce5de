// A full call with real media between the simulator's originator (werift) and
// a sip.js phone in headless Chromium registered on the simulator's registrar.
import { join } from 'node:path';
import { UserAgent } from 'sip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallEnd, OriginatedCall } from '../../../simulator/sip/call-originator';
import type { SipServer } from '../../../simulator/sip/sip-server';
import { openPageInChromium, type PageInChromium } from '../../support/chromium-page';
import { AGENT, AGENT_HA1, startTestSipServer } from './sip-test-support';
import { until } from './until';

let server: SipServer;
let cleanupServer: () => Promise<void>;
let browser: PageInChromium;

beforeAll(async () => {
  ({ server, cleanup: cleanupServer } = await startTestSipServer());
  browser = await openPageInChromium(join(import.meta.dirname, 'agent-page/agent-page-entry.ts'), 'agentPage');
  await browser.page.evaluate(
    (config) => window.agentPage.start(config),
    { wsUrl: server.ws, phone: AGENT.phone, ha1: AGENT_HA1, domain: '127.0.0.1' },
  );
  await browser.page.waitForFunction(() => window.agentPage.state.registered, undefined, { timeout: 10_000 });
});

afterAll(async () => {
  await browser?.close();
  await cleanupServer?.();
});

interface Observed {
  answered: boolean;
  dtmf: string[];
  end?: CallEnd;
}

function placeCall(cti: Record<string, string>): { call: OriginatedCall; seen: Observed } {
  const binding = server.bindings.current(AGENT.phone);
  if (!binding) throw new Error('agent not registered');
  const seen: Observed = { answered: false, dtmf: [] };
  const call = server.originator.place(
    {
      target: binding.contact,
      toUri: UserAgent.makeURI(`sip:${AGENT.phone}@127.0.0.1`)!,
      fromUser: '099123456',
      extraHeaders: ['P-Auto-Answer: normal', `Call-Info: <sip:127.0.0.1>;answer-after=0`, `X-CTI: ${JSON.stringify(cti)}`],
      codecs: ['PCMA', 'PCMU'],
    },
    {
      onAnswered: () => (seen.answered = true),
      onDtmf: (digit) => seen.dtmf.push(digit),
      onEnded: (end) => (seen.end = end),
    },
  );
  return { call, seen };
}

describe('a call with media between werift and Chromium', () => {
  it('is answered automatically, carries audio both ways and DTMF, and ends by the agent BYE', async () => {
    const { page } = browser;
    const { call, seen } = placeCall({ Guid: 'g-1', Campaign: 'Manual->', Answer: 'TRUE' });
    await until(() => seen.answered, 'the agent page answers', 10_000);
    const invite = await page.evaluate(() => window.agentPage.state.invites.at(-1));
    expect(invite?.autoAnswer).toBe('normal');
    expect(invite?.callInfo).toContain('answer-after=0');
    expect(JSON.parse(invite?.cti ?? '{}')).toMatchObject({ Guid: 'g-1', Campaign: 'Manual->' });
    expect(invite?.from).toBe('099123456');

    // The simulator hears the page's fake microphone (a beep with silent gaps).
    await until(() => (call.levels()?.received.peakRms ?? 0) > 0.01, 'the simulator hears the agent', 10_000);
    expect(call.levels()!.received.packets).toBeGreaterThan(0);
    // The page hears the simulator's tone.
    await page.waitForFunction(() => window.agentPage.state.heardPeakRms > 0.01, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => window.agentPage.state.packetsReceived)).toBeGreaterThan(0);
    expect(call.levels()!.sent.packets).toBeGreaterThan(0);

    expect(await page.evaluate(() => window.agentPage.sendDtmf('5'))).toBe(true);
    await until(() => seen.dtmf.includes('5'), 'the DTMF digit reaches the simulator', 10_000);

    await page.evaluate(() => window.agentPage.hangUp());
    await until(() => seen.end !== undefined, 'the call ends', 10_000);
    expect(seen.end).toEqual({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
  });

  it('ends an answered call from the platform side with BYE', async () => {
    const { page } = browser;
    const { call, seen } = placeCall({ Guid: 'g-2' });
    await until(() => seen.answered, 'the agent page answers', 10_000);
    await call.hangup('api');
    expect(seen.end?.endedBy).toBe('api');
    await page.waitForFunction(() => window.agentPage.state.sessionState === 'Terminated', undefined, { timeout: 10_000 });
  });

  // Last: it leaves the page without a connection.
  it('keeps an answered call when the agent connection drops without BYE; a platform hang-up ends it though its BYE is lost', async () => {
    const { page } = browser;
    const { call, seen } = placeCall({ Guid: 'g-3' });
    await until(() => seen.answered, 'the agent page answers', 10_000);
    await page.evaluate(() => window.agentPage.dropConnection());
    await until(() => !server.bindings.isRegistered(AGENT.phone), 'the binding goes with the connection', 10_000);
    // The media does not depend on the WebSocket: the agent's RTP keeps arriving.
    const packets = call.levels()!.received.packets;
    await until(() => call.levels()!.received.packets > packets + 25, "the agent's RTP keeps arriving", 10_000);
    expect(seen.end).toBeUndefined();

    const byesBefore = await page.evaluate(() => window.agentPage.state.byes.length);
    await call.hangup('api');
    expect(seen.end).toEqual({ endedBy: 'api', cause: 'Hang Up Call' });
    // The BYE had nowhere to go: the page still believes in the call (the zombie a phone must detect).
    expect(await page.evaluate(() => window.agentPage.state.byes.length)).toBe(byesBefore);
    expect(await page.evaluate(() => window.agentPage.state.sessionState)).toBe('Established');
  });
});
