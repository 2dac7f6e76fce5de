/**
 * Tracks whether the platform is reachable, from two kinds of evidence:
 * outcomes of our own requests (the most honest signal) and OS events
 * (network up/down, resume from sleep) that main's desktop layer forwards.
 *
 *   online ──(request failed: network | os offline)──▶ offline
 *     ▲                                                   │
 *     └──(request succeeded | os online | resumed)────────┘
 *
 * "os online" and "resumed" only make us *hopeful*: they flip to online so
 * that waiting work (outbox, phone) retries at once; the next request outcome
 * then confirms or refutes it.
 */
export type ConnectivityState = 'online' | 'offline';

export type ConnectivityReason =
  | 'request-succeeded'
  | 'request-failed'
  | 'os-online'
  | 'os-offline'
  | 'resumed'
  | 'network-changed';

export interface ConnectivityChange {
  readonly state: ConnectivityState;
  readonly reason: ConnectivityReason;
  readonly at: number;
}

export type ConnectivityListener = (change: ConnectivityChange) => void;

/** OS events as a port: desktop (Electron powerMonitor/net) or the browser host feeds it. */
export interface OsNetworkEvents {
  subscribe(listener: (event: 'online' | 'offline' | 'resumed' | 'network-changed') => void): () => void;
}

export interface Connectivity {
  readonly state: ConnectivityState;
  /** A request reached the platform (any answer, even `0`, proves reachability). */
  reportSuccess(): void;
  /** A request failed before the platform answered (refused, reset, timeout, DNS, TLS). */
  reportNetworkFailure(): void;
  /** Listeners fire on every state change, and on resume/network-changed even without one (a cue to retry). */
  onChange(listener: ConnectivityListener): () => void;
  close(): void;
}

export function createConnectivity(opts: { now?: () => number; os?: OsNetworkEvents; initial?: ConnectivityState } = {}): Connectivity {
  const now = opts.now ?? Date.now;
  const listeners = new Set<ConnectivityListener>();
  let state: ConnectivityState = opts.initial ?? 'online';

  const emit = (reason: ConnectivityReason): void => {
    const change: ConnectivityChange = { state, reason, at: now() };
    for (const l of [...listeners]) l(change);
  };
  const set = (next: ConnectivityState, reason: ConnectivityReason, alwaysEmit = false): void => {
    if (next === state && !alwaysEmit) return;
    state = next;
    emit(reason);
  };

  const unsubscribeOs = opts.os?.subscribe((event) => {
    if (event === 'offline') set('offline', 'os-offline');
    else if (event === 'online') set('online', 'os-online');
    else set('online', event, true); // resumed / network-changed: retry now whatever we believed
  });

  return {
    get state() {
      return state;
    },
    reportSuccess: () => set('online', 'request-succeeded'),
    reportNetworkFailure: () => set('offline', 'request-failed'),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      unsubscribeOs?.();
      listeners.clear();
    },
  };
}
