/**
 * Waits until a server accepts TCP connections again, for the phone: after a
 * long outage Chromium throttles its WebSocket reconnects, so the page asks
 * main (Node, not throttled) to watch the SIP server and answer as soon as it
 * is back. Pure: the connect function and the clock are injected.
 *
 *   wait(target) ─▶ joins the target's loop (one per host:port, shared by every waiter)
 *   loop:  probe ──(connected)──────────▶ every waiter: { reachable: true, probes }
 *            │
 *            └─(refused / no answer)──▶ next probe 250–500 ms after this one started ─▶ probe
 *   a waiter's own time-out ──▶ { reachable: false, probes };  its abort ──▶ rejects
 *   the last waiter gone ──▶ the loop stops (a probe under way is aborted)
 *
 * One probe at a time per target, each with its own limit (SIP_PROBE_TIMEOUT_MS),
 * so a server that drops packets costs one probe per ~0.8 s, one that refuses
 * about three a second per agent (docs/ASSUMPTIONS.md, Outages).
 */
import type { RandomSource } from '../../../common/backoff';
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { ProbeTarget } from './tcp-connect';

export type ConnectProbe = (target: ProbeTarget, options: { timeoutMs: number; signal: AbortSignal }) => Promise<boolean>;

/** From the start of one probe to the start of the next: uniform in [min, max]. */
export const SIP_PROBE_INTERVAL_MS = { min: 250, max: 500 } as const;
/** One probe's own limit: a TCP handshake across a continent with room to spare. */
export const SIP_PROBE_TIMEOUT_MS = 800;

export interface ReachabilityResult {
  readonly reachable: boolean;
  /** Probes whose outcome this wait saw. */
  readonly probes: number;
}

export interface ReachabilityProber {
  wait(target: ProbeTarget, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ReachabilityResult>;
  /** Ends every wait (`reachable: false`) and stops probing. */
  close(): void;
}

interface Waiter {
  probes: number;
  finish(outcome: ReachabilityResult | Error): void;
}

interface Loop {
  readonly target: ProbeTarget;
  readonly waiters: Set<Waiter>;
  timer: TimerHandle | null;
  inFlight: AbortController | null;
}

export function createReachabilityProber(opts: { connect: ConnectProbe; clock?: Clock; random?: RandomSource }): ReachabilityProber {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const loops = new Map<string, Loop>();
  const interval = (): number => SIP_PROBE_INTERVAL_MS.min + random() * (SIP_PROBE_INTERVAL_MS.max - SIP_PROBE_INTERVAL_MS.min);

  const stop = (key: string, loop: Loop): void => {
    loop.timer?.cancel();
    loop.inFlight?.abort();
    loops.delete(key);
  };

  const probe = async (key: string, loop: Loop): Promise<void> => {
    loop.timer = null;
    const startedAt = clock.now();
    const controller = new AbortController();
    loop.inFlight = controller;
    const connected = await opts.connect(loop.target, { timeoutMs: SIP_PROBE_TIMEOUT_MS, signal: controller.signal }).catch(() => false);
    if (loop.inFlight !== controller || loops.get(key) !== loop) return; // stopped meanwhile
    loop.inFlight = null;
    for (const waiter of loop.waiters) waiter.probes += 1;
    if (connected) {
      for (const waiter of [...loop.waiters]) waiter.finish({ reachable: true, probes: waiter.probes });
      return;
    }
    const wait = Math.max(0, Math.round(interval() - (clock.now() - startedAt)));
    loop.timer = clock.setTimer(() => void probe(key, loop), wait);
  };

  function join(target: ProbeTarget, waiter: Waiter): () => void {
    const key = `${target.host}|${target.port}`;
    let loop = loops.get(key);
    if (!loop) {
      const created: Loop = { target, waiters: new Set(), timer: null, inFlight: null };
      loops.set(key, created);
      loop = created;
      void probe(key, created); // the first probe at once: the page asks after its own attempts failed
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
        leave = join(target, waiter);
      });
    },
    close() {
      for (const loop of [...loops.values()]) for (const waiter of [...loop.waiters]) waiter.finish({ reachable: false, probes: waiter.probes });
    },
  };
}
