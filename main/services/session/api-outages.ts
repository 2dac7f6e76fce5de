/**
 * Long API outages, for the session renewal: a platform out of reach for at
 * least API_OUTAGE_RENEWAL_THRESHOLD_MS may have restarted and forgotten the
 * agent's login, so the session renews it once the API answers again; after
 * any outage a renewal waiting out its backoff tries at once.
 *
 *   online ──offline at t0──▶ offline ──online at t1──▶ online
 *                                                       ├─ back()              always
 *                                                       └─ longOutageOver()    when t1 − t0 ≥ 30 s
 *
 * "Online" cues that only hope (resume, a network change) count too: the
 * renewal they start retries until the platform really answers.
 */
import type { ConnectivityState } from '../connectivity';

/** How long the API must have been out of reach before its return renews the agent's login (docs/ASSUMPTIONS.md, Outages). */
export const API_OUTAGE_RENEWAL_THRESHOLD_MS = 30_000;

export interface ConnectivityChanges {
  onChange(listener: (change: { readonly state: ConnectivityState; readonly at: number }) => void): () => void;
}

export function watchApiOutages(
  source: ConnectivityChanges,
  handlers: { back(): void; longOutageOver(offlineMs: number): void },
  thresholdMs = API_OUTAGE_RENEWAL_THRESHOLD_MS,
): () => void {
  let offlineSince: number | null = null;
  return source.onChange((change) => {
    if (change.state === 'offline') {
      offlineSince ??= change.at;
      return;
    }
    if (offlineSince === null) return;
    const offlineMs = change.at - offlineSince;
    offlineSince = null;
    handlers.back();
    if (offlineMs >= thresholdMs) handlers.longOutageOver(offlineMs);
  });
}
