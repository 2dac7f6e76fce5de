/**
 * Brings the API's "online" back within a second or two of the platform's
 * return, instead of at the outbox's next retry (20–55 s late after a long
 * outage). While connectivity says `offline` and an instance is known (signed
 * in), it asks the instance "are you there?" with a harmless probe (the
 * client's `HEAD` of the base URL: same pool, same CA trust, no operation, no
 * token); any HTTP answer proves reachability → `reportSuccess()` → online,
 * and whatever waits for online (the outbox, the page) goes at once.
 *
 *   idle ──(offline while signed in | signed in while offline)──▶ waiting
 *   waiting ──(0.5–1 s, jittered, from the previous probe's start)──▶ probing
 *   probing ──(an HTTP answer)──▶ reportSuccess ─▶ idle
 *   probing ──(no answer within 2 s / refused)──▶ waiting
 *   any ──(online by other evidence | signed out | close)──▶ idle (probe aborted)
 *
 * One probe at a time; each has its own time limit, so a blackholed network
 * costs one probe every 2 s at most.
 */
import type { RandomSource } from '../../../common/backoff';
import { systemClock, type Clock, type TimerHandle } from './clock';
import type { Connectivity } from './connectivity';

export interface ApiProbeTarget {
  probe(options: { timeoutMs: number; signal: AbortSignal }): Promise<{ reachable: boolean }>;
}

export interface ApiReachabilityOptions {
  readonly connectivity: Pick<Connectivity, 'state' | 'onChange' | 'reportSuccess'>;
  /** The signed-in session's client, or null when no instance is known. */
  readonly target: () => ApiProbeTarget | null;
  /** Told when the target may have come or gone (the session changed). */
  readonly onTargetChange: (listener: () => void) => () => void;
  readonly clock?: Clock;
  readonly random?: RandomSource;
}

/** From the start of one probe to the start of the next: uniform in [min, max] (docs/ASSUMPTIONS.md, Outages). */
export const API_PROBE_INTERVAL_MS = { min: 500, max: 1_000 } as const;
/** One probe's own time limit: TCP, TLS and one HEAD over a slow link. */
export const API_PROBE_TIMEOUT_MS = 2_000;

export interface ApiReachability {
  /** Whether a probe is due or under way. */
  probing(): boolean;
  close(): void;
}

export function startApiReachability(opts: ApiReachabilityOptions): ApiReachability {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const { connectivity } = opts;
  let timer: TimerHandle | null = null;
  let inFlight: AbortController | null = null;
  let closed = false;

  const wanted = (): boolean => !closed && connectivity.state === 'offline' && opts.target() !== null;
  const interval = (): number => API_PROBE_INTERVAL_MS.min + random() * (API_PROBE_INTERVAL_MS.max - API_PROBE_INTERVAL_MS.min);

  const stop = (): void => {
    timer?.cancel();
    timer = null;
    inFlight?.abort();
    inFlight = null;
  };
  const schedule = (delayMs: number): void => {
    timer = clock.setTimer(() => void probeOnce(), Math.max(0, Math.round(delayMs)));
  };
  const probeOnce = async (): Promise<void> => {
    timer = null;
    const target = opts.target();
    if (!wanted() || !target) return;
    const startedAt = clock.now();
    const controller = new AbortController();
    inFlight = controller;
    const result = await target.probe({ timeoutMs: API_PROBE_TIMEOUT_MS, signal: controller.signal }).catch(() => ({ reachable: false }));
    if (inFlight !== controller) return; // stopped meanwhile
    inFlight = null;
    if (result.reachable) {
      if (connectivity.state === 'offline') connectivity.reportSuccess();
      return;
    }
    if (wanted()) schedule(interval() - (clock.now() - startedAt));
  };
  const update = (): void => {
    if (!wanted()) stop();
    else if (!timer && !inFlight) schedule(interval());
  };

  const offConnectivity = connectivity.onChange(update);
  const offTarget = opts.onTargetChange(update);
  update();

  return {
    probing: () => timer !== null || inFlight !== null,
    close() {
      closed = true;
      offConnectivity();
      offTarget();
      stop();
    },
  };
}
