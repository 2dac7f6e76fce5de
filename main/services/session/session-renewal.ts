/**
 * Signs the agent in again by itself when the platform may have lost the
 * login (after a restart the phone re-registers, but nobody runs Agent
 * Authentication, so queue calls find no agent). One renewal at a time; the
 * session stays `signed-in` throughout.
 *
 *   idle ──renew──▶ renewing ──(a usable record)──▶ renewed   (idle again)
 *                     │  ▲
 *                     │  └── wait 1 s, 2 s, 4 s … 30 s ◀──(no answer, 5xx, a bad answer)
 *                     │       (hurry(): the network is back, try now)
 *                     ├──(refused `0`: the password changed)──▶ failed, and blocked until the next sign-in
 *                     └──(sign-out, close: cancel())──────────▶ idle, nothing published
 *
 *   renew() while renewing joins it ('started'). It is 'not-needed' when a
 *   login already happened after the platform could have lost it: the caller
 *   says how long the outage lasted (`offlineMs`, so it began that long ago),
 *   and a sign-in or renewal since its start covers it. A burst of reconnects
 *   after one outage makes one Agent Authentication, and an outage right
 *   after the sign-in still gets its own. Without `offlineMs`, within
 *   THROTTLE_MS of the last success counts as covered.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../../common/backoff';
import { IpcFailure, type IpcError, type SessionRenewal } from '../../../common/ipc-contract';
import { spokenError } from '../../../common/ipc/spoken-error';
import { systemClock, type Clock, type TimerHandle } from '../connectivity/clock';
import { readClientFailure } from '../integra-cause';

/** 1 s doubling to 30 s, jitter half the ceiling. */
export const RENEWAL_BACKOFF: BackoffPolicy = { firstMs: 1_000, factor: 2, capMs: 30_000, jitter: 0.5 };
/** When the caller cannot say since when the login may be lost: a renewal (or sign-in) this recent makes another one not needed. */
export const RENEWAL_THROTTLE_MS = 10_000;

export interface RenewalOptions {
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly backoff?: BackoffPolicy;
}

/** What one renewal does, given by the session for its signed-in client. */
export interface RenewalRun {
  /** The agent whose login is renewed (for the error text). */
  readonly agent: string;
  /** Agent Authentication again; resolves with the record. */
  authenticate(signal: AbortSignal): Promise<unknown>;
  /** Uses the new record (token to the vault, new SIP credentials); throws IpcFailure when it cannot be used. */
  apply(record: unknown): void;
  /** Told whether the platform answered (for connectivity). */
  reached(reachable: boolean): void;
}

export type RenewalStart = 'started' | 'not-needed';

export interface SessionRenewalMachine {
  /** `offlineMs`: how long the outage lasted that may have cost the login (it began that long ago). */
  renew(run: RenewalRun, offlineMs?: number): { renewal: RenewalStart; settled: Promise<SessionRenewal | null> };
  /** The network is back: a renewal waiting out its backoff tries now. */
  hurry(): void;
  /** An agent signed in: the throttle counts from now, and a refused renewal no longer blocks. */
  signedIn(): void;
  /** Sign-out or close: the renewal under way stops; nothing more is published. */
  cancel(): void;
  onRenewal(listener: (renewal: SessionRenewal) => void): () => void;
}

interface Running {
  readonly controller: AbortController;
  readonly settled: Promise<SessionRenewal | null>;
  /** Resolves `settled` (null: cancelled). */
  end(result: SessionRenewal | null): void;
  timer: TimerHandle | null;
  retry: (() => void) | null;
}

/** Failures that another try cannot fix: a refusal, no credentials, a record the phone cannot use. */
function finalError(error: unknown, agent: string): IpcError | null {
  if (error instanceof IpcFailure) return error.detail;
  const { kind } = readClientFailure(error);
  if (kind === 'refused') return spokenError('wrong-credentials', 'session.err.renewRefused', { agent });
  if (kind === 'not-signed-in') return spokenError('not-signed-in', 'session.err.renewNoCredentials', { agent });
  return null;
}

export function createSessionRenewal(options: RenewalOptions = {}): SessionRenewalMachine {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const policy = options.backoff ?? RENEWAL_BACKOFF;
  const listeners = new Set<(renewal: SessionRenewal) => void>();
  let running: Running | null = null;
  let lastSuccessAt: number | null = null;
  let blocked = false;

  const publish = (renewal: SessionRenewal): SessionRenewal => {
    for (const listener of [...listeners]) listener(renewal);
    return renewal;
  };

  function start(run: RenewalRun): Running {
    const controller = new AbortController();
    let finish: (result: SessionRenewal | null) => void = () => undefined;
    const settled = new Promise<SessionRenewal | null>((resolve) => (finish = resolve));
    const state: Running = {
      controller,
      settled,
      end(result) {
        if (running === state) running = null;
        finish(result);
      },
      timer: null,
      retry: null,
    };
    const end = (result: SessionRenewal | null): void => state.end(result);
    const attempt = async (failures: number): Promise<void> => {
      state.timer = null;
      state.retry = null;
      try {
        const record = await run.authenticate(controller.signal);
        if (controller.signal.aborted) return end(null);
        run.reached(true);
        run.apply(record);
        lastSuccessAt = clock.now();
        end(publish({ state: 'renewed', error: null }));
      } catch (error) {
        if (controller.signal.aborted) return end(null);
        const final = finalError(error, run.agent);
        if (final) {
          run.reached(true);
          blocked = final.code === 'wrong-credentials';
          return end(publish({ state: 'failed', error: final }));
        }
        const { kind } = readClientFailure(error);
        if (kind === 'connection' || kind === 'timeout') run.reached(false);
        state.retry = () => {
          state.timer?.cancel();
          void attempt(failures + 1);
        };
        state.timer = clock.setTimer(state.retry, backoffDelay(policy, failures, random));
      }
    };
    publish({ state: 'renewing', error: null });
    void attempt(0);
    return state;
  }

  return {
    renew(run, offlineMs) {
      if (running) return { renewal: 'started', settled: running.settled };
      const now = clock.now();
      const covered = lastSuccessAt !== null && (offlineMs === undefined ? now - lastSuccessAt < RENEWAL_THROTTLE_MS : lastSuccessAt >= now - offlineMs);
      if (blocked || covered) return { renewal: 'not-needed', settled: Promise.resolve(null) };
      running = start(run);
      return { renewal: 'started', settled: running.settled };
    },
    hurry() {
      running?.retry?.();
    },
    signedIn() {
      lastSuccessAt = clock.now();
      blocked = false;
    },
    cancel() {
      const current = running;
      running = null;
      current?.timer?.cancel();
      current?.controller.abort(new Error('The session ended.'));
      current?.end(null);
      lastSuccessAt = null;
      blocked = false;
    },
    onRenewal(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
