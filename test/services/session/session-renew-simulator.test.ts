// Session renewal against the simulator: a platform restart forgets every
// token and logs the agents out; renew() runs Agent Authentication again with
// the credentials main holds, keeps the session signed in, stores the new
// token, and later authorized requests pass without a re-authentication.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionRenewal, SessionView } from '../../../common/ipc-contract';
import type { IntegraClient } from '../../../main/api';
import { createConnectivity, systemClock, type Clock, type Connectivity } from '../../../main/services/connectivity';
import { createIntegraSessionApi, createSessionService, VAULT_KEYS, type SessionService } from '../../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../../main/services/settings';
import { createMemoryVault, type TokenVault } from '../../../main/services/vault';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { control, resetSim, simState } from '../../api/sim-control';

let sim: Simulator;
let dir: string;
let vault: TokenVault;
let connectivity: Connectivity;
let session: SessionService<IntegraClient>;
let views: SessionView[];
let renewals: SessionRenewal[];
/** The renewal's clock: real timers, and a time the test moves past the 10 s throttle after signing in. */
const skipped = { ms: 0 };
const clock: Clock = { now: () => Date.now() + skipped.ms, setTimer: systemClock.setTimer };
const ana = () => sim.ready.credentials.agents[0]!;
const simAgent = () => sim.state.agents.byUserName(ana().agent)!;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await resetSim(sim);
  dir = mkdtempSync(join(tmpdir(), 'session-renew-'));
  vault = createMemoryVault('browser-mode');
  connectivity = createConnectivity();
  const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
  skipped.ms = 0;
  session = createSessionService({ settings, vault, createApi: createIntegraSessionApi, connectivity, renewal: { clock, backoff: { firstMs: 20, factor: 2, capMs: 100, jitter: 0 } } });
  await session.signIn({ instanceUrl: sim.baseUrl, agent: ana().agent, password: ana().password, remember: false, language: 'es' });
  views = [];
  renewals = [];
  session.onChange((view) => views.push(view));
  session.onRenewal((renewal) => renewals.push(renewal));
});
afterEach(async () => {
  session.close();
  connectivity.close();
  await session.client()?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a platform restart does to its sessions: every token forgotten, every agent logged out. */
function restartPlatformSessions(): void {
  sim.state.tokens.revokeAll();
  simAgent().loggedIn = false;
}

/** Moves the renewal's clock past the 10 s throttle that follows the sign-in. */
function afterTheThrottle(): void {
  skipped.ms += 11_000;
}

describe('session renewal against the simulator', () => {
  it('logs the agent in again with a new token after the platform forgot it; later requests pass without a re-authentication', async () => {
    const oldToken = vault.get(VAULT_KEYS.agentToken);
    restartPlatformSessions();
    afterTheThrottle();
    const started = session.renew();
    expect(started.renewal).toBe('started');
    expect(await started.settled).toEqual({ state: 'renewed', error: null });
    expect(renewals.map((r) => r.state)).toEqual(['renewing', 'renewed']);
    expect(session.view().state).toBe('signed-in');
    expect(views).toEqual([]); // same SIP credentials: no session.changed
    expect(simAgent().loggedIn).toBe(true);
    const newToken = vault.get(VAULT_KEYS.agentToken);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect(sim.state.tokens.all().map((t) => t.token)).toEqual([newToken]);

    const before = (await simState(sim)).requests.length;
    await session.client()!.getCampaigns();
    const after = (await simState(sim)).requests.slice(before);
    expect(after.map((r) => `${r.operation}:${r.result}`)).toEqual(['getCampaigns:success']);
  });

  it('with the simulator\'s expired-token fault (every token revoked just before it): the old token is gone, the new one works', async () => {
    const oldToken = vault.get(VAULT_KEYS.agentToken)!;
    simAgent().loggedIn = false;
    await control(sim, 'POST', '/faults', { operation: 'agentLogin', kind: 'expired-token', count: 1 });
    afterTheThrottle();
    expect(await session.renew().settled).toEqual({ state: 'renewed', error: null });
    expect(simAgent().loggedIn).toBe(true);
    expect(sim.state.tokens.find(oldToken)).toBeUndefined();
    expect(sim.state.tokens.find(vault.get(VAULT_KEYS.agentToken)!)).toMatchObject({ kind: 'agent', subject: ana().agent });
    await expect(session.client()!.getCampaigns()).resolves.not.toHaveLength(0);
  });

  it('publishes session.changed with the new SIP credentials when the renewed record changed them', async () => {
    const before = session.view().sip!;
    simAgent().md5secret = '0123456789abcdef0123456789abcdef';
    afterTheThrottle();
    expect(await session.renew().settled).toEqual({ state: 'renewed', error: null });
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ state: 'signed-in', sip: { ...before, authorizationHa1: '0123456789abcdef0123456789abcdef' } });
  });

  it('a changed password fails the renewal at once with a spoken error; the session stays signed in', async () => {
    await control(sim, 'POST', `/agents/${ana().agent}/password`, { password: 'changed-by-admin' });
    afterTheThrottle();
    const result = await session.renew().settled;
    expect(result).toMatchObject({ state: 'failed', error: { code: 'wrong-credentials', say: { key: 'session.err.renewRefused' } } });
    expect(session.view().state).toBe('signed-in');
    expect(session.renew().renewal).toBe('not-needed'); // not again with the old password
  });

  it('is not needed right after signing in, nor for a supervisor without an agent, nor signed out', async () => {
    expect(session.renew().renewal).toBe('not-needed');
    await session.signOut({});
    expect(session.renew().renewal).toBe('not-needed');
    const { user, password } = sim.ready.credentials.apiUser;
    await session.signIn({ instanceUrl: sim.baseUrl, apiUser: user, apiPassword: password, remember: false, language: 'en' });
    afterTheThrottle();
    expect(session.renew().renewal).toBe('not-needed');
  });

  it('a sign-out stops a renewal that waits for the platform', async () => {
    await sim.pauseHttp();
    try {
      afterTheThrottle();
      const started = session.renew();
      expect(started.renewal).toBe('started');
      await session.signOut({}).catch(() => undefined); // Log Out cannot reach the platform either
      expect(await started.settled).toBeNull();
      expect(renewals.map((r) => r.state)).toEqual(['renewing']);
    } finally {
      await sim.resumeHttp();
    }
  });

  it('the API back after a long outage renews by itself', async () => {
    const at = { now: 1_000_000 };
    const clocked = createConnectivity({ now: () => at.now });
    const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings-2.json')));
    const watched = createSessionService({ settings, vault, createApi: createIntegraSessionApi, connectivity: clocked, renewal: { clock } });
    await watched.signIn({ instanceUrl: sim.baseUrl, agent: ana().agent, password: ana().password, remember: false, language: 'es' });
    const seen: SessionRenewal[] = [];
    watched.onRenewal((r) => seen.push(r));
    afterTheThrottle();
    clocked.reportNetworkFailure();
    at.now += 29_000;
    skipped.ms += 29_000; // one clock for the whole session: the outage really lasted that long
    clocked.reportSuccess(); // a short outage: nothing
    expect(seen).toEqual([]);
    clocked.reportNetworkFailure();
    at.now += 30_000;
    skipped.ms += 30_000;
    restartPlatformSessions();
    clocked.reportSuccess(); // out of reach for 30 s: the platform may have restarted
    expect(seen.map((r) => r.state)).toEqual(['renewing']);
    await expect.poll(() => seen.map((r) => r.state)).toEqual(['renewing', 'renewed']);
    expect(simAgent().loggedIn).toBe(true);
    watched.close();
    await watched.client()?.close();
  });
});
