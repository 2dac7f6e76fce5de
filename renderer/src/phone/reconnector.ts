/**
 * Brings the SIP connection back after it was lost: fast after a blip, and
 * quiet during a long outage, because Chromium throttles a page that keeps
 * failing to open WebSockets (after ~12 refused attempts it delays each new
 * one by 1–5 s, so a page that hammered the server comes back seconds late).
 *
 *   idle ─schedule()─▶ quick tries (quickTries, 100–200 ms apart) ──ok──▶ idle
 *                          │ all failed
 *                          ▼
 *          ┌──────▶ wait until reachable (main probes with TCP connects, up to probeWindowMs)
 *          │               │ reachable                  │ window over
 *          │               ▼                            ▼
 *          │             try ──ok──▶ idle              try (the page's own look: a proxy main cannot use)
 *          │               │ failed: pause (backoff)    │ failed
 *          └───────────────┴────────────────────────────┘
 *
 * Without a reachability port (a page with no main behind it) the waits
 * follow the backoff policy instead. `now()` (network changed, resumed from
 * sleep) drops any wait and starts again with the quick tries.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../../common/backoff';
import type { Timers } from './timers';

/** Main's probe of the SIP server (`phone.waitSipReachable`). */
export interface ReachabilityPort {
  /** Resolves true as soon as the server accepts a TCP connection, false after `timeoutMs` or on abort. */
  waitReachable(timeoutMs: number, signal: AbortSignal): Promise<boolean>;
}

export interface ReconnectorOptions {
  readonly attempt: () => Promise<void>;
  readonly timers: Timers;
  readonly random?: RandomSource;
  /** Waits between tries when no reachability port is given, and the pause after a try that failed although the server looked reachable. */
  readonly policy: BackoffPolicy;
  readonly reachability?: ReachabilityPort;
  /** Tries before waiting for the server (default 3). */
  readonly quickTries?: number;
  /** How long one wait for reachability lasts before the page tries by itself (default 30 s). */
  readonly probeWindowMs?: number;
  readonly maxAttempts?: number;
  /** Each failed try (n = 1 …). */
  readonly onFailure?: (n: number, error: unknown) => void;
  readonly onGiveUp?: () => void;
}

export const RECONNECT_DEFAULTS = { quickTries: 3, quickMinMs: 100, quickMaxMs: 200, probeWindowMs: 30_000, maxAttempts: 5_000 } as const;

export class Reconnector {
  private generation = 0;
  private failures = 0;
  private active = false;
  private pendingTimer: unknown = null;
  private probe: AbortController | null = null;
  private cancelSleep: (() => void) | null = null;
  private lastProbeSaidReachable = false;

  constructor(private readonly opts: ReconnectorOptions) {}

  get failedAttempts(): number {
    return this.failures;
  }

  get running(): boolean {
    return this.active;
  }

  /** Starts bringing the connection back (first try after 100–200 ms). No-op while running. */
  schedule(): void {
    if (this.active) return;
    this.restart(true);
  }

  /** Tries at once, starting again with the quick tries. */
  now(): void {
    this.restart(false);
  }

  cancel(): void {
    this.generation += 1;
    this.active = false;
    this.clearWaits();
  }

  private restart(firstWait: boolean): void {
    this.cancel();
    this.active = true;
    this.failures = 0;
    void this.run(this.generation, firstWait);
  }

  private async run(generation: number, firstWait: boolean): Promise<void> {
    const quickTries = this.opts.quickTries ?? RECONNECT_DEFAULTS.quickTries;
    const maxAttempts = this.opts.maxAttempts ?? RECONNECT_DEFAULTS.maxAttempts;
    let pauseAfterFalseHope = 0;
    let wait = firstWait;
    for (;;) {
      if (wait) {
        const proceed = this.failures < quickTries ? await this.sleep(generation, this.quickDelay()) : await this.waitForServer(generation, pauseAfterFalseHope);
        if (!proceed) return;
      }
      wait = true;
      const lookedReachable = this.failures >= quickTries && this.opts.reachability !== undefined && this.lastProbeSaidReachable;
      try {
        await this.opts.attempt();
        if (generation !== this.generation) return;
        this.active = false;
        this.failures = 0;
        return;
      } catch (error) {
        if (generation !== this.generation) return;
        this.failures += 1;
        this.opts.onFailure?.(this.failures, error);
        if (this.failures >= maxAttempts) {
          this.active = false;
          this.opts.onGiveUp?.();
          return;
        }
        // The server accepted TCP but not our WebSocket: do not spin on a probe that keeps saying yes.
        pauseAfterFalseHope = lookedReachable ? pauseAfterFalseHope + 1 : 0;
      }
    }
  }

  /** Waits until main says the server is reachable (or its window ends); without main, a backoff wait. */
  private async waitForServer(generation: number, falseHopes: number): Promise<boolean> {
    const { reachability } = this.opts;
    const quickTries = this.opts.quickTries ?? RECONNECT_DEFAULTS.quickTries;
    if (!reachability) return this.sleep(generation, backoffDelay(this.opts.policy, this.failures - quickTries, this.opts.random));
    if (falseHopes > 0 && !(await this.sleep(generation, backoffDelay(this.opts.policy, falseHopes - 1, this.opts.random)))) return false;
    const controller = new AbortController();
    this.probe = controller;
    let reachable = false;
    try {
      reachable = await reachability.waitReachable(this.opts.probeWindowMs ?? RECONNECT_DEFAULTS.probeWindowMs, controller.signal);
    } catch {
      // Main could not probe (signed out, bridge gone): the page tries by itself after a backoff wait.
      if (!(await this.sleep(generation, backoffDelay(this.opts.policy, this.failures - quickTries, this.opts.random)))) return false;
    } finally {
      if (this.probe === controller) this.probe = null;
    }
    this.lastProbeSaidReachable = reachable;
    return generation === this.generation;
  }

  private quickDelay(): number {
    const { quickMinMs, quickMaxMs } = RECONNECT_DEFAULTS;
    return Math.round(quickMinMs + (quickMaxMs - quickMinMs) * (this.opts.random ?? Math.random)());
  }

  private sleep(generation: number, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (generation !== this.generation) return resolve(false);
      this.pendingTimer = this.opts.timers.setTimeout(() => {
        this.pendingTimer = null;
        resolve(generation === this.generation);
      }, ms);
      this.cancelSleep = () => resolve(false);
    });
  }

  private clearWaits(): void {
    if (this.pendingTimer !== null) this.opts.timers.clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
    this.cancelSleep?.();
    this.cancelSleep = null;
    this.probe?.abort();
    this.probe = null;
  }
}
