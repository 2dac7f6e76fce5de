/**
 * Brings the SIP connection back after it was lost: fast after a blip, gentle
 * while the server is down, and spread out when it comes back. Gentle because
 * Chromium throttles a page that keeps failing to open WebSockets (after ~12
 * refused attempts it delays each new one by 1–5 s) and because a floor of
 * thousands of phones that lost the PBX together would otherwise hammer it
 * (and whatever stands in front of it); spread because they would all
 * register in the same 100 ms once it is back. Both come from one schedule,
 * common/reconnect-curve.ts: looks 2.6 s apart, 6 s apart after 36 s, each
 * phone at its own random phase (docs/ASSUMPTIONS.md, "A floor of phones").
 *
 *   idle ─schedule()─▶ quick tries (quickTries, 100–200 ms apart; none with probeFirst) ──ok──▶ idle
 *                          │ all failed
 *                          ▼
 *          ┌──────▶ wait until reachable (main probes the SIP service on the curve, from the outage's start;
 *          │               │ reachable                  windows of ~probeWindowMs ± 25 %)   │ window over
 *          │               ▼                                                                ▼
 *          │       try ─ok─▶ idle                         try (the page's own look: a proxy main cannot use)
 *          │        │ failed: main's next slot, not a burst                                 │ failed
 *          └────────┴───────────────────────────────────────────────────────────────────────┘
 *
 * With `probeFirst` (the app's phone) the very first try waits for main too,
 * so a server that is away gets no WebSocket attempt at all; once the page's
 * own try got through where main's probe saw nothing (main cannot see the
 * server, e.g. the page goes through a proxy), the window of each wait is the
 * page's own next slot on the curve, until a probe is proved right. Without a reachability
 * port (a page with no main behind it) the page's own tries follow the curve.
 * `now()` (network changed, resumed from sleep) drops any wait and tries at
 * once, then goes on as above. A wait dropped here is aborted in main too
 * (`phone.stopWaiting`, through the port's signal).
 */
import type { RandomSource } from '../../../../common/backoff';
import { curveInterval, firstSlotFrom, RECONNECT_CURVE, slotTime, type ReconnectCurve } from '../../../../common/reconnect-curve';
import type { Timers } from '../timers';

/** Main's probe of the SIP server (`phone.waitSipReachable`). */
export interface ReachabilityPort {
  /** Resolves true as soon as the SIP service answers, false after `timeoutMs` or on abort; `outageMs`: how long the phone has been reconnecting (main's probes follow the curve from there). */
  waitReachable(timeoutMs: number, signal: AbortSignal, outageMs: number): Promise<boolean>;
}

export interface ReconnectorOptions {
  readonly attempt: () => Promise<void>;
  readonly timers: Timers;
  readonly random?: RandomSource;
  /** When the page tries by itself when no reachability port is given (default RECONNECT_CURVE). */
  readonly curve?: ReconnectCurve;
  readonly reachability?: ReachabilityPort;
  /** Tries before waiting for the server (default 3). */
  readonly quickTries?: number;
  /** With a reachability port: no quick tries, the first try waits for main's probe too. */
  readonly probeFirst?: boolean;
  /** How long one wait for reachability lasts, ± 25 %, before the page tries by itself (default 60 s). */
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
  // The page's own look costs a WebSocket (a TLS handshake): rare, since main's probe now asks the SIP service itself.
  probeWindowMs: 60_000,
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
  /** The page's own slots on the curve when no main probes: a phase per outage and the next slot. */
  private ownPhase = 0;
  private ownSlot = 0;
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
    const newOutage = !this.active;
    const since = newOutage ? this.opts.timers.now() : this.startedAt;
    this.cancel();
    this.active = true;
    this.failures = 0;
    if (newOutage) {
      this.ownPhase = Math.min(0.999_999, Math.max(0, this.random()));
      this.ownSlot = 0;
    }
    this.startedAt = since;
    void this.run(this.generation, firstWait);
  }

  private quickTries(): number {
    if (this.opts.reachability && this.opts.probeFirst === true) return 0;
    return this.opts.quickTries ?? RECONNECT_DEFAULTS.quickTries;
  }

  private async run(generation: number, firstWait: boolean): Promise<void> {
    const maxAttempts = this.opts.maxAttempts ?? RECONNECT_DEFAULTS.maxAttempts;
    let wait = firstWait;
    for (;;) {
      let gate: Gate = 'at-once';
      if (wait) {
        if (this.failures < this.quickTries()) {
          if (!(await this.sleep(generation, this.quickDelay()))) return;
          gate = 'quick';
        } else {
          const waited = await this.waitForServer(generation);
          if (waited === 'stopped') return;
          gate = waited;
        }
      }
      wait = true;
      try {
        await this.opts.attempt();
        if (generation !== this.generation) return;
        if (gate === 'reachable') this.probeBlind = false;
        else if (gate === 'own-try' && this.opts.reachability && this.opts.probeFirst === true) void this.askMainAgain();
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
        // A try that failed although main said yes waits for main's next slot on the curve: no pause that puts a floor to sleep, no burst.
      }
    }
  }

  /** Waits until main says the SIP service answers, or its window ends; without main, until the page's own next slot. */
  private async waitForServer(generation: number): Promise<'reachable' | 'own-try' | 'stopped'> {
    const { reachability } = this.opts;
    if (!reachability) return (await this.sleep(generation, this.ownWait())) ? 'own-try' : 'stopped';
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
      // Once main's probe proved blind, the page looks by itself at its own slots, main's answer taken if it comes first.
      reachable = await reachability.waitReachable(this.probeBlind ? Math.max(100, this.ownWait()) : this.probeWindow(), controller.signal, this.outageMs());
    } catch {
      // Main could not probe (signed out, bridge gone): the page tries by itself at its own next slot.
      if (!(await this.sleep(generation, this.ownWait()))) return 'stopped';
    } finally {
      if (this.probe === controller) this.probe = null;
      this.clearAwayTimer();
    }
    if (generation !== this.generation) return 'stopped';
    if (!reachable) return 'own-try';
    this.setAway(false);
    return 'reachable';
  }

  /**
   * The page's own try got through where main's wait had not: main may be blind (a proxy it cannot use),
   * or the window simply ended before main's next slot. One short wait tells them apart: blind only if
   * main does not find the server that is now there within one longest interval (plus its probe time).
   */
  private async askMainAgain(): Promise<void> {
    const { reachability } = this.opts;
    if (!reachability) return;
    const controller = new AbortController();
    const windowMs = (this.opts.curve ?? RECONNECT_CURVE).maxIntervalMs * 1.2 + 1_500;
    const sees = await reachability.waitReachable(Math.round(windowMs), controller.signal, 0).catch(() => false);
    this.probeBlind = !sees;
  }

  private outageMs(): number {
    return Math.max(0, Math.round(this.opts.timers.now() - this.startedAt));
  }

  /** Until the page's own next slot on the curve (its own phase, counted from the outage's start). */
  private ownWait(): number {
    const curve = this.opts.curve ?? RECONNECT_CURVE;
    const t = this.outageMs();
    this.ownSlot = Math.max(this.ownSlot, firstSlotFrom(t, this.ownPhase, curve));
    let at = slotTime(this.ownSlot, this.ownPhase, this.random, curve);
    // A slot that falls right after the try that just failed (a quick try, the window's end) is skipped: at most two more.
    for (let skip = 0; skip < 2 && at - t < curveInterval(t, curve) / 2; skip++) at = slotTime(++this.ownSlot, this.ownPhase, this.random, curve);
    this.ownSlot += 1;
    return Math.max(0, at - t);
  }

  private readonly random = (): number => (this.opts.random ?? Math.random)();

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
