// Signing in by itself after an autostart, when "remember me" holds the
// credentials. At login the network is often not up yet: then it waits and
// retries (backoff, and at once when the OS says the network is back) without
// any error dialog, and the tray says "offline — retrying". A failure that
// retrying cannot fix (wrong password) stops it; the sign-in form shows why.
//
//   idle ──start──▶ signing-in ──ok──────────▶ signed-in
//                     │  ▲  └──final failure──▶ gave-up
//        network fail │  │ timer / network back
//                     ▼  │
//                  offline-retrying ──attempts exhausted──▶ gave-up
//   stop() from any state ──▶ stopped
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../common/backoff';

export type AutoSignInStatus =
  | { readonly state: 'signing-in'; readonly attempt: number }
  | { readonly state: 'offline-retrying'; readonly attempt: number; readonly retryInMs: number }
  | { readonly state: 'signed-in' }
  | { readonly state: 'gave-up'; readonly error: unknown }
  | { readonly state: 'stopped' };

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AutoSignInDeps {
  /** Signs in with the remembered agent and password; rejects with the failure. */
  signIn(): Promise<void>;
  /** True for failures that waiting can fix (instance unreachable, TLS during captive portals…). */
  isRetryable(error: unknown): boolean;
  /** OS network events (Electron `net`/`powerMonitor` via the connectivity service). */
  onNetworkBack(listener: () => void): () => void;
  onStatus(status: AutoSignInStatus): void;
  backoff: BackoffPolicy;
  /** Gives up after this many attempts (bounded: every retry loop stops by itself). */
  maxAttempts: number;
  timers?: Timers;
  random?: RandomSource;
}

export interface AutoSignIn {
  start(): void;
  /** The agent signed in by hand, signed out, or the app quits: no more attempts. */
  stop(): void;
}

/** Login-time retries: 2 s, 4 s, … up to 1 min; 600 attempts is about ten hours. */
export const AUTOSTART_SIGN_IN_BACKOFF: BackoffPolicy = { firstMs: 2_000, factor: 2, capMs: 60_000, jitter: 0.3 };

export function createAutoSignIn(deps: AutoSignInDeps): AutoSignIn {
  const timers: Timers = deps.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  let attempt = 0;
  let timer: unknown;
  let running = false;
  let inFlight = false;
  let unsubscribe: (() => void) | undefined;

  const finish = (status: AutoSignInStatus) => {
    running = false;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    unsubscribe?.();
    unsubscribe = undefined;
    deps.onStatus(status);
  };

  const tryNow = () => {
    if (!running || inFlight) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    attempt += 1;
    inFlight = true;
    deps.onStatus({ state: 'signing-in', attempt });
    deps.signIn().then(
      () => {
        inFlight = false;
        if (running) finish({ state: 'signed-in' });
      },
      (error: unknown) => {
        inFlight = false;
        if (!running) return;
        if (!deps.isRetryable(error) || attempt >= deps.maxAttempts) return finish({ state: 'gave-up', error });
        const retryInMs = backoffDelay(deps.backoff, attempt - 1, deps.random);
        deps.onStatus({ state: 'offline-retrying', attempt, retryInMs });
        timer = timers.setTimeout(() => {
          timer = undefined;
          tryNow();
        }, retryInMs);
      },
    );
  };

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      unsubscribe = deps.onNetworkBack(() => tryNow());
      tryNow();
    },
    stop() {
      if (running) finish({ state: 'stopped' });
    },
  };
}
