import { describe, expect, it } from 'vitest';
import { createConnectivity, type ConnectivityChange, type OsNetworkEvents } from '../../../main/services/connectivity';
import { backoffCeiling, backoffDelay, backoffSchedule } from '../../../common/backoff';

function fakeOs(): OsNetworkEvents & { fire(e: 'online' | 'offline' | 'resumed' | 'network-changed'): void } {
  let listener: ((e: 'online' | 'offline' | 'resumed' | 'network-changed') => void) | null = null;
  return {
    subscribe(l) {
      listener = l;
      return () => (listener = null);
    },
    fire: (e) => listener?.(e),
  };
}

describe('connectivity', () => {
  it('goes offline on a network failure and online on the next success, emitting each change once', () => {
    const c = createConnectivity({ now: () => 42 });
    const seen: ConnectivityChange[] = [];
    c.onChange((x) => seen.push(x));
    c.reportNetworkFailure();
    c.reportNetworkFailure();
    expect(c.state).toBe('offline');
    c.reportSuccess();
    expect(seen).toEqual([
      { state: 'offline', reason: 'request-failed', at: 42 },
      { state: 'online', reason: 'request-succeeded', at: 42 },
    ]);
  });

  it('follows OS events and treats resume/network-changed as a cue even when already online', () => {
    const os = fakeOs();
    const c = createConnectivity({ os });
    const seen: string[] = [];
    c.onChange((x) => seen.push(`${x.state}:${x.reason}`));
    os.fire('offline');
    os.fire('online');
    os.fire('resumed');
    os.fire('network-changed');
    expect(seen).toEqual(['offline:os-offline', 'online:os-online', 'online:resumed', 'online:network-changed']);
    c.close();
    os.fire('offline');
    expect(c.state).toBe('online');
  });
});

describe('backoff', () => {
  const policy = { firstMs: 100, factor: 2, capMs: 1_000, jitter: 0.5 };

  it('doubles the ceiling up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 100].map((n) => backoffCeiling(policy, n))).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
  });

  it('randomises only the jitter fraction of the ceiling', () => {
    expect(backoffDelay(policy, 2, () => 0)).toBe(400);
    expect(backoffDelay(policy, 2, () => 0.999999)).toBe(200);
    expect(backoffSchedule(policy, 4, () => 0.5)).toEqual([75, 150, 300, 600]);
  });
});
