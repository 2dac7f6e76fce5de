/**
 * Waits until the phone's SIP service answers again: after a long outage
 * Chromium throttles its WebSocket reconnects, so the page asks main (Node,
 * not throttled) to look for the server and answer as soon as it is back.
 * Pure: the probe and the clock are injected (the app's probe is a WebSocket
 * upgrade with the `sip` subprotocol, sip-upgrade-probe.ts: a port that
 * accepts TCP is not a SIP service).
 *
 *   wait(target, outageMs) ─▶ joins the target's loop (one per host:port, shared by every waiter)
 *   loop:  probe at the next slot of the curve ──(answered)──▶ every waiter: { reachable: true, probes }
 *            │                                   (common/reconnect-curve.ts: 2.6 s apart, 6 s after 36 s)
 *            └─(refused / no answer)──▶ the slot after ─▶ probe
 *   a waiter's own time-out ──▶ { reachable: false, probes };  its abort ──▶ rejects
 *   the last waiter gone ──▶ the loop stops (a probe under way is aborted); where it
 *   stood on the curve is kept, so a wait for the same outage goes on from there
 *
 * The slots count from when the phone lost its connection (`outageMs` says how
 * long ago), not from the wait, so a page that waits again (its window ended,
 * a try failed after "reachable") continues the curve instead of starting it
 * over, and a try that failed although the probe said yes is followed by the
 * next slot, never by a burst.
 */
import type { RandomSource } from '../../../common/backoff';
import { firstSlotFrom, RECONNECT_CURVE, slotTime, type ReconnectCurve } from '../../../common/reconnect-curve';
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { ProbeTarget } from './tcp-connect';

export type ConnectProbe = (target: ProbeTarget, options: { timeoutMs: number; signal: AbortSignal }) => Promise<boolean>;

/** One probe's own limit: a TCP, TLS and HTTP upgrade round trip across a continent with room to spare. */
export const SIP_PROBE_TIMEOUT_MS = 1_500;
/** Waits whose outage starts differ by less than this belong to the same outage (the page's clock vs main's, an IPC hop). */
const SAME_OUTAGE_MS = 2_000;

export interface ReachabilityResult {
  readonly reachable: boolean;
  /** Probes whose outcome this wait saw. */
  readonly probes: number;
}

export interface WaitOptions {
  readonly timeoutMs: number;
  /** How long the phone has been without its connection (0 or absent: it just lost it). */
  readonly outageMs?: number;
  readonly signal?: AbortSignal;
}

export interface ReachabilityProber {
  wait(target: ProbeTarget, options: WaitOptions): Promise<ReachabilityResult>;
  /** Ends every wait (`reachable: false`) and stops probing. */
  close(): void;
}

interface Waiter {
  probes: number;
  finish(outcome: ReachabilityResult | Error): void;
}

/** Where a target's probing stands on the curve: kept between loops of the same outage. */
interface CurvePlace {
  readonly outageStartAt: number;
  readonly phase: number;
  nextSlot: number;
}

interface Loop {
  readonly target: ProbeTarget;
  readonly waiters: Set<Waiter>;
  readonly place: CurvePlace;
  timer: TimerHandle | null;
  /** The slot the timer is for: given back when the loop stops before it fires. */
  timedSlot: number | null;
  inFlight: AbortController | null;
}

export function createReachabilityProber(opts: { connect: ConnectProbe; clock?: Clock; random?: RandomSource; curve?: ReconnectCurve }): ReachabilityProber {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const curve = opts.curve ?? RECONNECT_CURVE;
  const loops = new Map<string, Loop>();
  const places = new Map<string, CurvePlace>();

  const stop = (key: string, loop: Loop): void => {
    // A slot that was only scheduled was not used: the next wait of this outage takes it (else a gap of two intervals).
    if (loop.timer && loop.timedSlot !== null) loop.place.nextSlot = Math.min(loop.place.nextSlot, loop.timedSlot);
    loop.timer?.cancel();
    loop.inFlight?.abort();
    loops.delete(key);
  };

  const scheduleNext = (key: string, loop: Loop): void => {
    const { place } = loop;
    // Slots that passed while nobody waited are skipped, not made up in a burst.
    place.nextSlot = Math.max(place.nextSlot, firstSlotFrom(clock.now() - place.outageStartAt, place.phase, curve));
    const at = place.outageStartAt + slotTime(place.nextSlot, place.phase, random, curve);
    loop.timedSlot = place.nextSlot;
    place.nextSlot += 1;
    loop.timer = clock.setTimer(() => void probe(key, loop), Math.max(0, at - clock.now()));
  };

  const probe = async (key: string, loop: Loop): Promise<void> => {
    loop.timer = null;
    loop.timedSlot = null;
    const controller = new AbortController();
    loop.inFlight = controller;
    const answered = await opts.connect(loop.target, { timeoutMs: SIP_PROBE_TIMEOUT_MS, signal: controller.signal }).catch(() => false);
    if (loop.inFlight !== controller || loops.get(key) !== loop) return; // stopped meanwhile
    loop.inFlight = null;
    for (const waiter of loop.waiters) waiter.probes += 1;
    if (answered) {
      for (const waiter of [...loop.waiters]) waiter.finish({ reachable: true, probes: waiter.probes });
      return;
    }
    scheduleNext(key, loop);
  };

  /** The same outage goes on where it stood; a new one draws a new phase and starts from its own beginning. */
  const placeFor = (key: string, outageStartAt: number): CurvePlace => {
    const known = places.get(key);
    if (known && Math.abs(known.outageStartAt - outageStartAt) < SAME_OUTAGE_MS) return known;
    const place: CurvePlace = { outageStartAt, phase: Math.min(0.999_999, Math.max(0, random())), nextSlot: 0 };
    places.set(key, place);
    return place;
  };

  function join(target: ProbeTarget, waiter: Waiter, outageMs: number): () => void {
    const key = `${target.host}|${target.port}`;
    let loop = loops.get(key);
    if (!loop) {
      const created: Loop = { target, waiters: new Set(), place: placeFor(key, clock.now() - Math.max(0, outageMs)), timer: null, timedSlot: null, inFlight: null };
      loops.set(key, created);
      loop = created;
      scheduleNext(key, created);
    }
    const joined = loop;
    joined.waiters.add(waiter);
    return () => {
      joined.waiters.delete(waiter);
      if (joined.waiters.size === 0 && loops.get(key) === joined) stop(key, joined);
    };
  }

  return {
    wait(target, options) {
      return new Promise((resolve, reject) => {
        if (options.signal?.aborted) {
          reject(options.signal.reason);
          return;
        }
        let leave: () => void = () => undefined;
        const onAbort = (): void => waiter.finish(options.signal?.reason instanceof Error ? options.signal.reason : new Error('The wait was cancelled.'));
        const deadline = clock.setTimer(() => waiter.finish({ reachable: false, probes: waiter.probes }), options.timeoutMs);
        const waiter: Waiter = {
          probes: 0,
          finish(outcome) {
            deadline.cancel();
            options.signal?.removeEventListener('abort', onAbort);
            leave();
            if (outcome instanceof Error) reject(outcome);
            else resolve(outcome);
          },
        };
        options.signal?.addEventListener('abort', onAbort, { once: true });
        leave = join(target, waiter, options.outageMs ?? 0);
      });
    },
    close() {
      for (const loop of [...loops.values()]) for (const waiter of [...loop.waiters]) waiter.finish({ reachable: false, probes: waiter.probes });
    },
  };
}
