import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BackoffPolicy } from '../../common/backoff';
import { IpcFailure } from '../../common/ipc-contract';
import { createAutoSignIn, type AutoSignInStatus, type Timers } from '../../main/desktop/autostart-sign-in';
import { createIntegraSessionApi, createSessionService, VAULT_KEYS } from '../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../main/services/settings';
import { createMemoryVault } from '../../main/services/vault';
import { startSimulator, type Simulator } from '../../simulator/index';

const FLAT: BackoffPolicy = { firstMs: 1000, factor: 2, capMs: 8000, jitter: 0 };

/** Timers that run only when the test says so. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: Timers & { fire(): number | undefined; count(): number } = {
    setTimeout(callback, ms) {
      next += 1;
      pending.set(next, { callback, ms });
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    fire() {
      const [id, entry] = [...pending.entries()][0] ?? [];
      if (id === undefined || !entry) return undefined;
      pending.delete(id);
      entry.callback();
      return entry.ms;
    },
    count: () => pending.size,
  };
  return timers;
}

class Offline extends Error {}
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(outcomes: (() => Promise<void>)[], maxAttempts = 10) {
  const statuses: AutoSignInStatus[] = [];
  const timers = manualTimers();
  let networkBack: (() => void) | undefined;
  let unsubscribed = false;
  let calls = 0;
  const auto = createAutoSignIn({
    signIn: () => {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)]!;
      calls += 1;
      return outcome();
    },
    isRetryable: (error) => error instanceof Offline,
    onNetworkBack: (listener) => {
      networkBack = listener;
      return () => {
        unsubscribed = true;
      };
    },
    onStatus: (status) => statuses.push(status),
    backoff: FLAT,
    maxAttempts,
    timers,
  });
  return { auto, statuses, timers, networkBack: () => networkBack?.(), unsubscribed: () => unsubscribed, calls: () => calls };
}

const offline = () => Promise.reject(new Offline('unreachable'));
const ok = () => Promise.resolve();

describe('createAutoSignIn', () => {
  it('signs in at once when the network is up', async () => {
    const t = setup([ok]);
    t.auto.start();
    await settle();
    expect(t.statuses).toEqual([{ state: 'signing-in', attempt: 1 }, { state: 'signed-in' }]);
    expect(t.unsubscribed()).toBe(true);
  });

  it('retries with backoff while offline, without giving up, until it gets through', async () => {
    const t = setup([offline, offline, offline, ok]);
    t.auto.start();
    await settle();
    const delays: (number | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      delays.push(t.timers.fire());
      await settle();
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(t.statuses.filter((s) => s.state === 'offline-retrying')).toHaveLength(3);
    expect(t.statuses.at(-1)).toEqual({ state: 'signed-in' });
    expect(t.timers.count()).toBe(0);
  });

  it('tries again at once when the network comes back, cancelling the wait', async () => {
    const t = setup([offline, ok]);
    t.auto.start();
    await settle();
    expect(t.timers.count()).toBe(1);
    t.networkBack();
    await settle();
    expect(t.timers.count()).toBe(0);
    expect(t.statuses.at(-1)).toEqual({ state: 'signed-in' });
    expect(t.calls()).toBe(2);
  });

  it('gives up on a failure waiting cannot fix (wrong password), with the error for the sign-in form', async () => {
    const wrong = new Error('wrong password');
    const t = setup([() => Promise.reject(wrong)]);
    t.auto.start();
    await settle();
    expect(t.statuses.at(-1)).toEqual({ state: 'gave-up', error: wrong });
    expect(t.timers.count()).toBe(0);
  });

  it('stops by itself after maxAttempts', async () => {
    const t = setup([offline], 3);
    t.auto.start();
    await settle();
    while (t.timers.fire() !== undefined) await settle();
    expect(t.calls()).toBe(3);
    expect(t.statuses.at(-1)).toMatchObject({ state: 'gave-up' });
  });

  it('stop() cancels the wait and ignores an attempt still under way', async () => {
    let release: () => void = () => undefined;
    const t = setup([offline, () => new Promise<void>((resolve) => (release = resolve))]);
    t.auto.start();
    await settle();
    t.auto.stop();
    expect(t.timers.count()).toBe(0);
    t.networkBack();
    expect(t.calls()).toBe(1);
    expect(t.statuses.at(-1)).toEqual({ state: 'stopped' });

    const u = setup([() => new Promise<void>((resolve) => (release = resolve))]);
    u.auto.start();
    u.auto.stop();
    release();
    await settle();
    expect(u.statuses.map((s) => s.state)).toEqual(['signing-in', 'stopped']);
  });
});

describe('createAutoSignIn against the simulator', () => {
  let sim: Simulator;
  let dir: string;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'auto-sign-in-'));
  });
  afterAll(async () => {
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits while the instance is unreachable at login, then signs in with the remembered password', async () => {
    const agent = sim.ready.credentials.agents[0]!;
    const vault = createMemoryVault('browser-mode');
    vault.set(VAULT_KEYS.password(new URL(sim.baseUrl).origin, agent.agent), agent.password, false);
    const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
    const session = createSessionService({ settings, vault, createApi: createIntegraSessionApi });
    const statuses: AutoSignInStatus[] = [];
    let networkBack: () => void = () => undefined;

    await sim.pauseHttp();
    const auto = createAutoSignIn({
      signIn: async () => {
        await session.signIn({ instanceUrl: sim.baseUrl, agent: agent.agent, password: '', remember: true, language: 'es' });
      },
      isRetryable: (error) => error instanceof IpcFailure && (error.detail.code === 'instance-unreachable' || error.detail.code === 'tls-failure'),
      onNetworkBack: (listener) => {
        networkBack = listener;
        return () => undefined;
      },
      onStatus: (status) => statuses.push(status),
      // Long waits: only "network back" may trigger the retry in this test.
      backoff: { firstMs: 60_000, factor: 1, capMs: 60_000, jitter: 0 },
      maxAttempts: 5,
    });
    auto.start();
    await vi.waitFor(() => expect(statuses.at(-1)?.state).toBe('offline-retrying'), { timeout: 10_000 });
    expect(session.view().state).toBe('signed-out');

    await sim.resumeHttp();
    networkBack();
    await vi.waitFor(() => expect(statuses.at(-1)?.state).toBe('signed-in'), { timeout: 10_000 });
    expect(session.view()).toMatchObject({ state: 'signed-in', agent: { name: agent.agent, extension: agent.phone } });
    auto.stop();
    await session.signOut({});
    await session.client()?.close?.();
  });
});
