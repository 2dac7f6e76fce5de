/**
 * Retries a connection with exponential backoff and jitter until it works,
 * `cancel()` is called, or `maxAttempts` is reached (then it reports and stops).
 *
 *   idle ──schedule()──▶ waiting ──timer──▶ trying ──ok──▶ idle
 *                          ▲                  │
 *                          └──── failed ──────┘
 *
 * `now()` skips the wait (network changed, resumed from sleep) and restarts
 * the schedule from its fast first step.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../../common/backoff';
import type { Timers } from './timers';

export interface ReconnectorOptions {
  readonly policy: BackoffPolicy;
  readonly attempt: () => Promise<void>;
  readonly timers: Timers;
  readonly random?: RandomSource;
  readonly maxAttempts?: number;
  /** Each failed try (n = 1 …). */
  readonly onFailure?: (n: number, error: unknown) => void;
  readonly onGiveUp?: () => void;
}

export class Reconnector {
  private handle: unknown = null;
  private failures = 0;
  private trying = false;
  private active = false;

  constructor(private readonly opts: ReconnectorOptions) {}

  get failedAttempts(): number {
    return this.failures;
  }

  get running(): boolean {
    return this.active;
  }

  /** Starts the schedule (first try after the policy's first, short, delay). No-op while running. */
  schedule(): void {
    if (this.active) return;
    this.active = true;
    this.failures = 0;
    this.wait();
  }

  /** Tries at once, restarting the schedule. */
  now(): void {
    this.clearTimer();
    this.active = true;
    this.failures = 0;
    void this.tryOnce();
  }

  cancel(): void {
    this.clearTimer();
    this.active = false;
  }

  private wait(): void {
    const delay = backoffDelay(this.opts.policy, this.failures, this.opts.random);
    this.handle = this.opts.timers.setTimeout(() => {
      this.handle = null;
      void this.tryOnce();
    }, delay);
  }

  private async tryOnce(): Promise<void> {
    if (!this.active || this.trying) return;
    this.trying = true;
    try {
      await this.opts.attempt();
      this.active = false;
      this.failures = 0;
    } catch (err) {
      this.failures += 1;
      this.opts.onFailure?.(this.failures, err);
      if (!this.active) return;
      if (this.failures >= (this.opts.maxAttempts ?? 5_000)) {
        this.active = false;
        this.opts.onGiveUp?.();
      } else {
        this.wait();
      }
    } finally {
      this.trying = false;
    }
  }

  private clearTimer(): void {
    if (this.handle !== null) this.opts.timers.clearTimeout(this.handle);
    this.handle = null;
  }
}
