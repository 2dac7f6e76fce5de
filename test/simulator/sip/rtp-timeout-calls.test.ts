// Asterisk's rtp_timeout in the simulator, with a real WebRTC phone: a call
// whose agent stops sending RTP is hung up (BYE) and ends failed with the
// cause in words; RTP flowing keeps it up; a held call is not timed out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../sim-client';
import { callAna, callView, startAgentPageSession, untilAgentHeard, untilCall, type AgentPageSession } from './agent-page-session';

let session: AgentPageSession;
const guids: string[] = [];
const page = () => session.browser.page;
const TIMEOUT_CAUSE = 'no media from the agent for 1 s (RTP timeout)';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  session = await startAgentPageSession();
});

afterEach(async () => {
  for (const guid of guids.splice(0)) await control(session.sim, 'POST', `/calls/${guid}/hangup`);
  await control(session.sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 30 });
});

afterAll(async () => {
  await session?.close();
});

describe('the RTP timeout', () => {
  it('keeps a call with RTP flowing up past the timeout, and hangs up once the agent stops sending', async () => {
    const { sim } = session;
    expect((await control(sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 1 })).json).toEqual({ rtpTimeoutSeconds: 1 });
    const guid = await callAna(session);
    guids.push(guid);
    // 100 packets of 20 ms: two timeouts' worth of media, and the call is still up.
    expect((await untilAgentHeard(sim, guid, 100, 'two timeouts of RTP arrive')).status).toBe('active');

    const byes = await page().evaluate(() => window.agentPage.state.byes.length);
    expect(await page().evaluate(() => window.agentPage.stopSending())).toBe(true);
    const ended = await untilCall(sim, guid, 'the RTP timeout ends the call', (c) => c.status === 'ended');
    expect(ended).toMatchObject({ endedBy: 'failed', cause: TIMEOUT_CAUSE });
    expect(Date.parse(ended.levels!.customerReceived.lastPacketAt!)).toBeGreaterThan(0);
    // The agent is reachable, so the platform's BYE arrives.
    await page().waitForFunction((n) => window.agentPage.state.byes.length > n, byes, { timeout: 10_000 });
  });

  it('leaves a held call alone (rtp_timeout_hold off) and times it out once resumed without RTP', async () => {
    const { sim } = session;
    await control(sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 1 });
    const guid = await callAna(session);
    guids.push(guid);
    expect(await page().evaluate(() => window.agentPage.hold(true))).toBe(200);
    await untilCall(sim, guid, 'the call is held', (c) => c.status === 'held');
    expect(await page().evaluate(() => window.agentPage.stopSending())).toBe(true);
    const lastPacketAt = Date.parse((await callView(sim, guid)).levels!.customerReceived.lastPacketAt!);
    // Two and a half timeouts without a packet, on hold.
    await sleep(2_500);
    const held = await callView(sim, guid);
    expect(held.status).toBe('held');
    expect(Date.now() - Date.parse(held.levels!.customerReceived.lastPacketAt!)).toBeGreaterThan(2_000);
    expect(Date.parse(held.levels!.customerReceived.lastPacketAt!)).toBeLessThan(lastPacketAt + 1_000);

    expect(await page().evaluate(() => window.agentPage.hold(false))).toBe(200);
    expect(await untilCall(sim, guid, 'the resumed call times out', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'failed', cause: TIMEOUT_CAUSE });
  });

  it('is off at 0, and a change at runtime applies to a live call', async () => {
    const { sim } = session;
    await control(sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 0 });
    const guid = await callAna(session);
    guids.push(guid);
    expect(await page().evaluate(() => window.agentPage.stopSending())).toBe(true);
    await sleep(1_500);
    expect((await callView(sim, guid)).status).toBe('active');
    await control(sim, 'POST', '/sip/settings', { rtpTimeoutSeconds: 1 });
    expect(await untilCall(sim, guid, 'the new timeout ends the silent call', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'failed', cause: TIMEOUT_CAUSE });
  });
});
