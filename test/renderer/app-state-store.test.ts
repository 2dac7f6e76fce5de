// The page's first requests go out before the UI's code has loaded (issue 23):
// the store subscribes before it asks, so a change main announces while the
// first answers are on their way is not lost, and a failure says which.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SIGNED_OUT, type SettingsView, type SoftphoneBridge } from '../../common/ipc-contract';
import { startAppState } from '../../renderer/src/app-state-store';
import { createSoftphoneApi } from '../../renderer/src/bridge/softphone-api';

const SETTINGS: SettingsView = {
  settings: DEFAULT_SETTINGS,
  secretStorage: { mode: 'memory-only', reason: 'browser-mode' },
  signInDefaults: { instanceUrl: '', agent: '', apiUser: '', sipUrl: '', caFile: '', passwordRemembered: false },
  loadProblem: null,
  policy: { locked: [], problem: null },
  fixed: [],
  shortcutProblems: [],
};

/** A bridge whose answers wait until the test releases them; it records the order of subscriptions and requests. */
function heldBridge(answers: Record<string, unknown>) {
  const seen: string[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const bridge: SoftphoneBridge = {
    invoke: async (channel) => {
      seen.push(`request ${channel}`);
      await released;
      return answers[channel];
    },
    on: (event, listener) => {
      seen.push(`subscribe ${event}`);
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { bridge, seen, release, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startAppState', () => {
  it('subscribes before it asks, and is ready with both answers', async () => {
    const held = heldBridge({ 'settings.get': { ok: true, value: SETTINGS }, 'session.get': { ok: true, value: SIGNED_OUT } });
    const store = startAppState({ api: createSoftphoneApi(held.bridge), onLost: () => undefined });
    expect(store.get().state).toEqual({ status: 'loading' });
    expect(held.seen.indexOf('subscribe session.changed')).toBeLessThan(held.seen.indexOf('request session.get'));
    let notified = 0;
    store.subscribe(() => (notified += 1));
    held.release();
    await settle();
    expect(store.get().state).toMatchObject({ status: 'ready', session: SIGNED_OUT, settings: SETTINGS });
    expect(notified).toBe(1);
    held.emit('connectivity.changed', { api: 'online', detail: null });
    expect(store.get().state).toMatchObject({ status: 'ready', connectivity: { api: 'online' } });
  });

  it('fails with the error of the request that failed', async () => {
    const error = { code: 'settings-failure', message: 'disk full' };
    const held = heldBridge({ 'settings.get': { ok: false, error }, 'session.get': { ok: true, value: SIGNED_OUT } });
    const store = startAppState({ api: createSoftphoneApi(held.bridge), onLost: () => undefined });
    held.release();
    await settle();
    expect(store.get().state).toEqual({ status: 'failed', error });
  });

  it('tells a lost bridge', () => {
    let lose: (loss: 'closed') => void = () => undefined;
    const held = heldBridge({});
    const store = startAppState({ api: createSoftphoneApi(held.bridge), onLost: (listener) => (lose = listener) });
    lose('closed');
    expect(store.get().lost).toBe('closed');
  });
});
