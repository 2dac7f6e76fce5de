// POST /__sim/restart with a real WebRTC phone on the simulator: what a
// restart loses (tokens, logins, SIP connections and bindings, live calls),
// what it keeps (configuration and stored data), the HTTP API and SIP refused
// while down, and the difference between a crash (nothing said) and a
// graceful restart (BYE first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../simulator/index';
import { until } from '../../support/poll-until';
import { clientToken, control, post, simState } from '../sim-client';
import { callAna, signIn, startAgentPageSession, type AgentPageSession } from './agent-page-session';
import { RawSipSocket } from './raw-sip-socket';

let session: AgentPageSession;
const page = () => session.browser.page;

/** What a fetch to the simulator's HTTP port meets: 'up' or the socket error's code. */
async function httpState(sim: Simulator): Promise<string> {
  try {
    await fetch(`${sim.baseUrl}/`);
    return 'up';
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? 'error');
  }
}

const newAgent = JSON.stringify({
  LogLevel: 'SEVERE', allow: 'alaw;ulaw', id: 407, context: 'agentes', did: '', email: '', canreinvite: '', insecure: '',
  mailbox: '', pickupgroup: '', callgroup: '', port: '', outboundproxy: '', disallow: 'all', dtmfmode: 'rfc2833',
  encryption: 'yes', host: 'dynamic', language: 'es', nat: 'yes', phonetype: 'SoftPhone', qualify: 'yes', record: 'agent',
  subscribecontext: 'default', transport: 'wss', type: 'friend', limite: '0',
  accountcode: 'diego.sosa', secret: 'Diego-2001', fullname: 'Diego Sosa', name: '2001', callerid: '2001', defaultuser: '2001',
});
const laterTask = JSON.stringify({
  calldate: '2999-01-01 10:00:00', campaign: 'Cobranzas->', destination: '099000777', alternatives: '', agent: '', data: 'x=1', source: 'crm', bulk: false, automatic: true,
});

beforeAll(async () => {
  session = await startAgentPageSession();
});

afterAll(async () => {
  await session?.close();
});

describe('a platform restart', () => {
  it('crash: loses tokens, logins, bindings and the live call without a word to the agent, keeps the configuration, refuses HTTP and SIP while down', async () => {
    const { sim, ana, wsUrl } = session;
    const admin = await clientToken(sim);
    expect((await post(sim, 'createAgent', { phone: newAgent }, admin)).text).toBe('1');
    expect((await post(sim, 'dialerTask', { call: laterTask }, admin)).text).toBe('1');
    const guid = await callAna(session);
    const byes = await page().evaluate(() => window.agentPage.state.byes.length);

    const answer = await control(sim, 'POST', '/restart', { downSeconds: 1 });
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ restarting: true, mode: 'crash', downSeconds: 1 });
    expect(await until('the HTTP API refuses connections', () => httpState(sim), (s) => s !== 'up', { timeoutMs: 5_000, intervalMs: 20 })).toBe('ECONNREFUSED');
    await expect(RawSipSocket.open(wsUrl)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await page().waitForFunction(() => !window.agentPage.state.connected, undefined, { timeout: 10_000 });
    await until('the HTTP API is back', () => httpState(sim), (s) => s === 'up', { timeoutMs: 10_000, intervalMs: 100 });

    // Lost: sessions, logins, bindings, the call (ended without a BYE reaching the phone).
    const state = await simState(sim);
    expect(state.sessions).toEqual([]);
    expect(state.agents.filter((a) => a.loggedIn)).toEqual([]);
    expect(state.calls.find((c) => c.guid === guid)).toMatchObject({ status: 'ended', endedBy: 'failed' });
    expect((await control(sim, 'GET', `/calls/${guid}`)).json).toMatchObject({ cause: 'platform restarted' });
    expect((await control(sim, 'GET', '/sip/registrations')).json).toEqual([]);
    expect(await page().evaluate(() => window.agentPage.state.byes.length)).toBe(byes);
    expect(await page().evaluate(() => window.agentPage.state.sessionState)).toBe('Established');
    expect((await post(sim, 'getDialers', undefined, admin)).text).toBe('0');
    expect((await post(sim, 'hangup', { phone: ana.name }, ana.token)).text).toBe('0');

    // Kept: the created agent (who can sign in), the queued record, campaigns.
    expect(state.agents.find((a) => a.accountcode === 'diego.sosa')).toMatchObject({ name: '2001', origin: 'create-agent' });
    expect(state.dialerTasks.find((t) => t.destination === '099000777')).toMatchObject({ status: 'queued' });
    expect(JSON.parse((await post(sim, 'agentLogin', { agent: 'diego.sosa', password: 'Diego-2001' })).text)).toMatchObject({ name: '2001' });
    session.ana = await signIn(sim);

    // The phone comes back, registers again, and finds its call gone.
    expect(await page().evaluate(() => window.agentPage.reconnect())).toBe(200);
    expect(await page().evaluate(() => window.agentPage.reInvite(false))).toBe(481);
  });

  it('graceful: hangs up with BYE before closing the WebSocket; the control API is back at once with downSeconds 0', async () => {
    const { sim } = session;
    const guid = await callAna(session);
    const byes = await page().evaluate(() => window.agentPage.state.byes.length);
    expect((await control(sim, 'POST', '/restart', { mode: 'graceful' })).status).toBe(202);
    await page().waitForFunction((n) => window.agentPage.state.byes.length > n, byes, { timeout: 10_000 });
    await page().waitForFunction(() => !window.agentPage.state.connected, undefined, { timeout: 10_000 });
    const call = await until('the control API answers again', () => control(sim, 'GET', `/calls/${guid}`).catch(() => undefined), (a) => a?.status === 200, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(call?.json).toMatchObject({ status: 'ended', endedBy: 'failed', cause: 'platform restarted' });
    expect((await post(sim, 'getDialers', undefined, session.ana.token)).text).toBe('0');
  });
});
