/**
 * Notices that the computer's network changed (Wi-Fi to cable, a VPN up or
 * down, a new address from DHCP) so the phone and the outbox try again at
 * once instead of waiting out their backoff. Node has no event for it, so the
 * watcher polls `os.networkInterfaces()` about once a second and compares the
 * set of non-internal addresses:
 *
 *   subscribe ─▶ baseline ─▶ poll ─┬─ same set ──────────────▶ poll again (~1 s)
 *                                  └─ changed ─▶ 'network-changed' ─▶ poll again
 *   last unsubscribe ─▶ stops polling
 *
 * It never says 'offline': losing every address may still leave an instance on
 * loopback (the simulator, a local PBX) working; only a failed request can say
 * the platform is out of reach. Its timers are unref'd (background clock).
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { backgroundClock, type Clock, type TimerHandle } from './clock';
import type { OsNetworkEvents } from './connectivity';

export type InterfaceList = NodeJS.Dict<NetworkInterfaceInfo[]>;

export interface NetworkWatcherOptions {
  /** default os.networkInterfaces */
  readonly interfaces?: () => InterfaceList;
  /** default the background clock (unref'd timers) */
  readonly clock?: Clock;
  /** default 1 s */
  readonly intervalMs?: number;
}

export const NETWORK_POLL_MS = 1_000;

/** The non-internal addresses, one string each, sorted: equal strings mean the same network. */
export function addressSignature(list: InterfaceList): string {
  const addresses: string[] = [];
  for (const [name, infos] of Object.entries(list)) {
    for (const info of infos ?? []) if (!info.internal) addresses.push(`${name}|${info.family}|${info.address}`);
  }
  return addresses.sort().join(',');
}

export function createNetworkWatcher(opts: NetworkWatcherOptions = {}): OsNetworkEvents {
  const read = opts.interfaces ?? networkInterfaces;
  const clock = opts.clock ?? backgroundClock;
  const intervalMs = opts.intervalMs ?? NETWORK_POLL_MS;
  const listeners = new Set<(event: 'network-changed') => void>();
  let timer: TimerHandle | null = null;
  let last: string | null = null;

  // Some systems fail to list interfaces now and then: that is no change.
  const signature = (): string | null => {
    try {
      return addressSignature(read());
    } catch {
      return null;
    }
  };
  const poll = (): void => {
    const now = signature();
    if (now !== null && last !== null && now !== last) for (const listener of [...listeners]) listener('network-changed');
    if (now !== null) last = now;
    timer = listeners.size > 0 ? clock.setTimer(poll, intervalMs) : null;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        last = signature();
        timer = clock.setTimer(poll, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          timer?.cancel();
          timer = null;
        }
      };
    },
  };
}

/** One source of OS events from several (the watcher, and Electron's resume). */
export function mergeOsEvents(...sources: readonly OsNetworkEvents[]): OsNetworkEvents {
  return {
    subscribe(listener) {
      const offs = sources.map((source) => source.subscribe(listener));
      return () => {
        for (const off of offs) off();
      };
    },
  };
}
