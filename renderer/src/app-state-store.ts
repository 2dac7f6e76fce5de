// The app's state as the renderer knows it: settings, session and
// connectivity, kept current by main's events, and whether the bridge to main
// was lost. A store outside React, started on the page's first line
// (main.tsx): its requests and subscriptions go out while the UI's code is
// still loading (issue 23). The UI reads it through useAppState().
//
//   loading ──(settings.get and session.get both answered)──▶ ready ──(events)──▶ ready
//      └──────(either failed)──▶ failed
import type { Connectivity, IpcError, SessionView, SettingsView } from '../../common/ipc-contract';
import type { BridgeLoss, ConnectedApi } from './bridge';

export type AppState =
  | { status: 'loading' }
  | { status: 'failed'; error: IpcError | null }
  | { status: 'ready'; settings: SettingsView; session: SessionView; connectivity: Connectivity };

export interface AppSnapshot {
  readonly state: AppState;
  readonly lost: BridgeLoss | null;
}

export interface AppStateStore {
  readonly connected: ConnectedApi;
  get(): AppSnapshot;
  subscribe(listener: () => void): () => void;
}

/** Lives as long as the page: it subscribes before it asks, so no change between the answer and the first render is missed. */
export function startAppState(connected: ConnectedApi): AppStateStore {
  const { api } = connected;
  let snapshot: AppSnapshot = { state: { status: 'loading' }, lost: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<AppSnapshot>): void => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const whenReady = (change: (ready: Extract<AppState, { status: 'ready' }>) => AppState): void => {
    if (snapshot.state.status === 'ready') set({ state: change(snapshot.state) });
  };
  connected.onLost((lost) => set({ lost }));
  api.subscribe('session.changed', (session) => whenReady((s) => ({ ...s, session })));
  api.subscribe('settings.changed', (settings) => whenReady((s) => ({ ...s, settings })));
  api.subscribe('connectivity.changed', (connectivity) => whenReady((s) => ({ ...s, connectivity })));
  void Promise.all([api.request('settings.get', {}), api.request('session.get', {})]).then(([settings, session]) => {
    if (settings.ok && session.ok) {
      set({ state: { status: 'ready', settings: settings.value, session: session.value, connectivity: { api: 'unknown', detail: null } } });
    } else {
      set({ state: { status: 'failed', error: !settings.ok ? settings.error : !session.ok ? session.error : null } });
    }
  });
  return {
    connected,
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
