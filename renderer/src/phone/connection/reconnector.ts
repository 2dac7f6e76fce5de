/**
 * Brings the SIP connection back after it was lost: fast after a blip, quiet
 * while the server is down, and spread out when it comes back. Quiet because
 * Chromium throttles a page that keeps failing to open WebSockets (after ~12
 * refused attempts it delays each new one by 1–5 s) and because a floor of
 * hundreds of phones that lost the PBX together would otherwise hammer it
 * with TLS handshakes; spread because they would all register in the same
 * 100 ms once it is back (docs/ASSUMPTIONS.md, "A floor of phones").
 *
 *   idle ─schedule()─▶ quick tries (quickTries, 100–200 ms apart; none with probeFirst) ──ok──▶ idle
 *                          │ all failed
 *                          ▼
 *          ┌──────▶ wait until reachable (main probes with TCP connects, windows of ~probeWindowMs ± 25 %)
 *          │               │ reachable                          │ window over
 *          │               ▼                                    ▼
 *          │     spread: wait 0…ceiling(outage) ─▶ try ─ok─▶ idle      try (the page's own look: a proxy main cannot use)
 *          │                                        │ failed: pause (backoff)    │ failed
 *          └────────────────────────────────────────┴────────────────────────────┘
 *
 * With `probeFirst` (the app's phone) the very first try waits for main too,
 * so a server that refuses TCP gets no WebSocket attempt at all; once the
 * page's own try got through where main's probe saw nothing (main cannot see
 * the server, e.g. the page goes through a proxy), later outages start with
 * the quick tries again, until a probe is proved right. Without a
 * reachability port (a page with no main behind it) the waits follow the
 * backoff policy instead. `now()` (network changed, resumed from sleep) drops
 * any wait and tries at once, then goes on as above.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../../../common/backoff';
import type { Timers } from '../timers';

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
  /** With a reachability port: no quick tries, the first try waits for main's probe too (while the probe has not been proved blind). */
  readonly probeFirst?: boolean;
  /** The wait between main saying "reachable" and the try, given how long the phone has been reconnecting (reconnect-spread.ts); none when absent. */
  readonly spreadDelay?: (outageMs: number, random: RandomSource) => number;
  /** How long one wait for reachability lasts, ± 25 %, before the page tries by itself (default 30 s). */
  readonly probeWindowMs?: number;
  readonly maxAttempts?: number;
  /** Each failed try (n = 1 …). */
  readonly onFailure?: (n: number, error: unknown) => void;
  /** `serverAway` changed: main's probe has found the server refusing for a moment before any try failed, or found it back. */
  readonly onServerAwayChange?: (away: boolean) => void;
  readonly onGiveUp?: () => void;
}

export const RECONNECT_DEFAULTS = {
  quickTries: 3,
  quickMinMs: 100,
  quickMaxMs: 200,
  probeWindowMs: 30_000,
  /** Each window lasts probeWindowMs × (1 ± this), so a floor's own tries do not fall in the same second. */
  probeWindowJitter: 0.25,
  /** A wait for the server still unanswered after this long (no try failed yet) counts as the server being away. */
  serverAwayAfterMs: 200,
  maxAttempts: 5_000,
} as const;

/** How a try came about: at once, a quick try, main said reachable, or the page's own look after a window. */
type Gate = 'at-once' | 'quick' | 'reachable' | 'own-try';

export class Reconnector {
  private generation = 0;
  private failures = 0;
  private active = false;
  private startedAt = 0;
  private pendingTimer: unknown = null;
  private awayTimer: unknown = null;
  private probe: AbortController | null = null;
  private cancelSleep: (() => void) | null = null;
  private away = false;
  /** The page's own try got through where main's probe saw nothing: quick tries again until a probe is proved right. */
  private probeBlind = false;

  constructor(private readonly opts: ReconnectorOptions) {}

  get failedAttempts(): number {
    return this.failures;
  }

  get running(): boolean {
    return this.active;
  }

  /** Main's probe has found the server refusing (before any try failed). */
  get serverAway(): boolean {
    return this.away;
  }

  /** Starts bringing the connection back (the first try after 100–200 ms, or after main's probe with probeFirst). No-op while running. */
  schedule(): void {
    if (this.active) return;
    this.restart(true);
  }

  /** Tries at once, starting again with the quick tries (the outage keeps its start). */
  now(): void {
    this.restart(false);
  }

  cancel(): void {
    this.generation += 1;
    this.active = false;
    this.clearWaits();
    this.setAway(false);
  }

  private restart(firstWait: boolean): void {
    const since = this.active ? this.startedAt : this.opts.timers.now();
    this.cancel();
    this.active = true;
    this.failures = 0;
    this.startedAt = since;
    void this.run(this.generation, firstWait);
  }

  private quickTries(): number {
    if (this.opts.reachability && this.opts.probeFirst === true && !this.probeBlind) return 0;
    return this.opts.quickTries ?? RECONNECT_DEFAULTS.quickTries;
  }

  private async run(generation: number, firstWait: boolean): Promise<void> {
    const maxAttempts = this.opts.maxAttempts ?? RECONNECT_DEFAULTS.maxAttempts;
    let pauseAfterFalseHope = 0;
    let wait = firstWait;
    for (;;) {
      let gate: Gate = 'at-once';
      if (wait) {
        if (this.failures < this.quickTries()) {
          if (!(await this.sleep(generation, this.quickDelay()))) return;
          gate = 'quick';
        } else {
          const waited = await this.waitForServer(generation, pauseAfterFalseHope);
          if (waited === 'stopped') return;
          gate = waited;
        }
      }
      wait = true;
      try {
        await this.opts.attempt();
        if (generation !== this.generation) return;
        if (gate === 'reachable') this.probeBlind = false;
        else if (gate === 'own-try' && this.opts.reachability && this.opts.probeFirst === true) this.probeBlind = true;
        this.active = false;
        this.failures = 0;
        this.setAway(false);
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
        pauseAfterFalseHope = gate === 'reachable' ? pauseAfterFalseHope + 1 : 0;
      }
    }
  }

  /** Waits until main says the server is reachable (then the spread), or its window ends; without main, a backoff wait. */
  private async waitForServer(generation: number, falseHopes: number): Promise<'reachable' | 'own-try' | 'stopped'> {
    const { reachability } = this.opts;
    const random = this.opts.random ?? Math.random;
    const ownWait = (): number => backoffDelay(this.opts.policy, Math.max(0, this.failures - this.quickTries()), random);
    if (!reachability) return (await this.sleep(generation, ownWait())) ? 'own-try' : 'stopped';
    if (falseHopes > 0 && !(await this.sleep(generation, backoffDelay(this.opts.policy, falseHopes - 1, random)))) return 'stopped';
    const controller = new AbortController();
    this.probe = controller;
    if (this.failures === 0 && !this.away) {
      this.awayTimer = this.opts.timers.setTimeout(() => {
        this.awayTimer = null;
        if (generation === this.generation) this.setAway(true);
      }, RECONNECT_DEFAULTS.serverAwayAfterMs);
    }
    let reachable = false;
    try {
      reachable = await reachability.waitReachable(this.probeWindow(), controller.signal);
    } catch {
      // Main could not probe (signed out, bridge gone): the page tries by itself after a backoff wait.
      if (!(await this.sleep(generation, ownWait()))) return 'stopped';
    } finally {
      if (this.probe === controller) this.probe = null;
      this.clearAwayTimer();
    }
    if (generation !== this.generation) return 'stopped';
    if (!reachable) return 'own-try';
    this.setAway(false);
    const spread = this.opts.spreadDelay?.(this.opts.timers.now() - this.startedAt, random) ?? 0;
    if (spread > 0 && !(await this.sleep(generation, spread))) return 'stopped';
    return 'reachable';
  }

  private probeWindow(): number {
    const base = this.opts.probeWindowMs ?? RECONNECT_DEFAULTS.probeWindowMs;
    const jitter = RECONNECT_DEFAULTS.probeWindowJitter;
    return Math.round(base * (1 - jitter + 2 * jitter * (this.opts.random ?? Math.random)()));
  }

  private quickDelay(): number {
    const { quickMinMs, quickMaxMs } = RECONNECT_DEFAULTS;
    return Math.round(quickMinMs + (quickMaxMs - quickMinMs) * (this.opts.random ?? Math.random)());
  }

  private setAway(away: boolean): void {
    if (this.away === away) return;
    this.away = away;
    this.opts.onServerAwayChange?.(away);
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

  private clearAwayTimer(): void {
    if (this.awayTimer !== null) this.opts.timers.clearTimeout(this.awayTimer);
    this.awayTimer = null;
  }

  private clearWaits(): void {
    if (this.pendingTimer !== null) this.opts.timers.clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
    this.cancelSleep?.();
    this.cancelSleep = null;
    this.probe?.abort();
    this.probe = null;
    this.clearAwayTimer();
  }
}
