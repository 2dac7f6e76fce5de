// The phone's outage requests in main: the SIP server watched is always the
// signed-in agent's own (host and port of sip.wsUrl, default ports 80/443),
// only for an agent; a sign-out stops a wait with a typed error; the page's
// stopWaiting ends its wait and main's probing at once; the outage's length
// the page gives places the probes on the curve; a re-registration asks the
// session to renew the login.
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, type SessionView } from '../../../common/ipc-contract';
import { IpcFailure } from '../../../common/ipc-contract';
import { createReachabilityProber, type ConnectProbe, type ProbeTarget } from '../../../main/services/connectivity';
import { createPhoneService } from '../../../main/services/phone';
import type { RenewalStart } from '../../../main/services/session';
import { FakeClock } from '../connectivity/fake-clock';

const agentView = (wsUrl: string): SessionView => ({
  ...SIGNED_OUT, state: 'signed-in', instanceUrl: 'https://tenant.example',
  agent: { name: 'ana.garcia', fullname: 'Ana', extension: '1001', campaigns: [] },
  sip: { uri: 'sip:1001@pbx.example', authorizationUsername: '1001', authorizationHa1: 'a'.repeat(32), wsUrl, realm: 'asterisk', displayName: 'Ana' },
  apiUser: null,
});

function setup(initial: SessionView, connected: (target: ProbeTarget) => boolean = () => true) {
  let view = initial;
  let listener: (view: SessionView) => void = () => undefined;
  const renewals: RenewalStart[] = ['started'];
  const targets: ProbeTarget[] = [];
  const connect: ConnectProbe = async (target, { signal }) => {
    targets.push(target);
    return new Promise((resolve) => {
      if (connected(target)) resolve(true);
      else signal.addEventListener('abort', () => resolve(false));
    });
  };
  const clock = new FakeClock();
  const lines: string[] = [];
  const phone = createPhoneService({
    session: {
      view: () => view,
      onChange: (l) => ((listener = l), () => (listener = () => undefined)),
      renew: () => ({ renewal: renewals.shift() ?? 'not-needed' }),
    },
    // Phase 0: the first probe at the outage's start, on a timer of 0 ms.
    prober: createReachabilityProber({ connect, clock, random: () => 0 }),
    log: (line) => lines.push(line),
  });
  const change = (next: SessionView) => {
    view = next;
    listener(next);
  };
  return { phone, targets, change, clock, lines };
}

async function failure(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

describe('phone service', () => {
  it.each([
    ['wss://pbx.example:8089/ws', { host: 'pbx.example', port: 8089, url: 'wss://pbx.example:8089/ws' }],
    ['wss://pbx.example/ws', { host: 'pbx.example', port: 443, url: 'wss://pbx.example/ws' }],
    ['ws://127.0.0.1/ws', { host: '127.0.0.1', port: 80, url: 'ws://127.0.0.1/ws' }],
  ])('probes the session\'s own SIP server (%s)', async (wsUrl, target) => {
    const { phone, targets, lines, clock } = setup(agentView(wsUrl));
    const waiting = phone.waitSipReachable({ timeoutMs: 5_000 });
    clock.advance(0);
    expect(await waiting).toEqual({ reachable: true, probes: 1 });
    expect(targets).toEqual([target]);
    expect(lines).toEqual([`Phone: the SIP server ${target.host}:${target.port} is reachable (1 probes).`]);
    phone.close();
  });

  it('answers reachable: false at the time-out', async () => {
    const { phone, clock } = setup(agentView('wss://pbx.example:8089/ws'), () => false);
    const waiting = phone.waitSipReachable({ timeoutMs: 1_000 });
    clock.advance(1_000);
    expect(await waiting).toEqual({ reachable: false, probes: 0 });
    phone.close();
  });

  it('a stop for the page\'s wait ends it (not reachable, no error) and main stops probing at once, not at its time-out', async () => {
    const { phone, clock, targets } = setup(agentView('wss://pbx.example:8089/ws'), () => false);
    const waiting = phone.waitSipReachable({ timeoutMs: 60_000, waitId: 'w-1' });
    clock.advance(0);
    expect(targets).toHaveLength(1);
    expect(await phone.waitSipReachable({ timeoutMs: 100, waitId: 'w-1', stop: true })).toEqual({ reachable: false, probes: 0 });
    expect(await waiting).toEqual({ reachable: false, probes: 0 });
    expect(clock.pending).toBe(0);
    clock.advance(60_000);
    expect(targets).toHaveLength(1);
    // Stopping a wait that has ended already, or naming none, is harmless.
    expect(await phone.waitSipReachable({ timeoutMs: 100, waitId: 'w-1', stop: true })).toEqual({ reachable: false, probes: 0 });
    expect(await phone.waitSipReachable({ timeoutMs: 100, stop: true })).toEqual({ reachable: false, probes: 0 });
    expect(targets).toHaveLength(1);
    phone.close();
  });

  it('places its probes on the curve from the outage the page reports: 40 s in, the next one within 6 s, not at once', async () => {
    const { phone, clock, targets } = setup(agentView('wss://pbx.example:8089/ws'), () => false);
    void phone.waitSipReachable({ timeoutMs: 60_000, outageMs: 40_000, waitId: 'w-2' });
    clock.advance(0);
    expect(targets).toHaveLength(0);
    clock.advance(6_000);
    expect(targets).toHaveLength(1);
    phone.close();
  });

  it('refuses with not-signed-in when no agent is signed in (signed out, or a supervisor without a phone)', async () => {
    for (const view of [SIGNED_OUT, { ...agentView('wss://pbx.example:8089/ws'), agent: null, sip: null, apiUser: 'supervisor' }]) {
      const { phone, targets } = setup(view);
      const detail = await failure(phone.waitSipReachable({ timeoutMs: 1_000 }));
      expect(detail).toMatchObject({ code: 'not-signed-in', say: { key: 'phone.err.notAgent' } });
      expect(targets).toEqual([]);
      phone.close();
    }
  });

  it('a sign-out stops a pending wait with a typed error, and stops probing', async () => {
    const { phone, change, clock, targets } = setup(agentView('wss://pbx.example:8089/ws'), () => false);
    const waiting = phone.waitSipReachable({ timeoutMs: 60_000 });
    clock.advance(0);
    change({ ...agentView('wss://pbx.example:8089/ws'), state: 'signing-out' });
    expect(await failure(waiting)).toMatchObject({ code: 'not-signed-in', say: { key: 'phone.err.signedOutWhileWaiting' } });
    clock.advance(60_000);
    expect(targets).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });

  it('a SIP address that is not ws:// or wss:// is said, not probed', async () => {
    const { phone, targets } = setup(agentView('https://pbx.example/ws'));
    expect(await failure(phone.waitSipReachable({ timeoutMs: 1_000 }))).toMatchObject({ code: 'invalid-request', say: { key: 'phone.err.noSipServer', params: { url: 'https://pbx.example/ws' } } });
    expect(targets).toEqual([]);
    phone.close();
  });

  it('a re-registration asks the session to renew the login and says what came of it', async () => {
    const { phone, lines } = setup(agentView('wss://pbx.example:8089/ws'));
    expect(await phone.reregistered({ offlineMs: 42_000 })).toEqual({ renewal: 'started' });
    expect(await phone.reregistered({ offlineMs: 1_000 })).toEqual({ renewal: 'not-needed' });
    expect(lines).toEqual([
      "Phone: registered again after 42000 ms without registration; renewing the agent's login: started.",
      "Phone: registered again after 1000 ms without registration; renewing the agent's login: not-needed.",
    ]);
    phone.close();
  });
});
