// The network watcher polls the interface list (fake here, on a fake clock)
// and says `network-changed` when the set of non-internal addresses changes;
// connectivity turns that into a retry cue, never into `offline`.
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  addressSignature, createConnectivity, createNetworkWatcher, mergeOsEvents, type ConnectivityChange, type InterfaceList, type OsNetworkEvents,
} from '../../../main/services/connectivity';
import { FakeClock } from './fake-clock';

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({
  address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: `${address}/24`,
});
const loopback = { lo: [v4('127.0.0.1', true)] };

function fakeInterfaces(initial: InterfaceList) {
  let current = initial;
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return current;
    },
    set: (next: InterfaceList) => (current = next),
    reads: () => reads,
  };
}

describe('network watcher', () => {
  it('says network-changed when an address comes, goes or moves, and nothing while the set stays the same', () => {
    const clock = new FakeClock();
    const nics = fakeInterfaces({ ...loopback, wlan0: [v4('192.168.1.20')] });
    const events: string[] = [];
    const off = createNetworkWatcher({ interfaces: nics.read, clock }).subscribe((e) => events.push(e));
    clock.advance(5_000);
    expect(events).toEqual([]);
    nics.set({ ...loopback, wlan0: [v4('192.168.1.20')], tun0: [v4('10.8.0.2')] }); // a VPN comes up
    clock.advance(1_000);
    expect(events).toEqual(['network-changed']);
    nics.set({ ...loopback, eth0: [v4('192.168.1.20')] }); // same address, another interface (cable instead of Wi-Fi)
    clock.advance(1_000);
    nics.set({ ...loopback }); // every external address gone
    clock.advance(1_000);
    expect(events).toEqual(['network-changed', 'network-changed', 'network-changed']);
    off();
  });

  it('ignores loopback and other internal addresses, and the order interfaces are listed in', () => {
    expect(addressSignature({ ...loopback, a: [v4('10.0.0.1')], b: [v4('10.0.0.2')] })).toBe(addressSignature({ b: [v4('10.0.0.2')], a: [v4('10.0.0.1')] }));
    expect(addressSignature({ lo: [v4('127.0.0.1', true)] })).toBe('');
  });

  it('polls about once a second while someone listens, and stops when the last listener leaves', () => {
    const clock = new FakeClock();
    const nics = fakeInterfaces(loopback);
    const watcher = createNetworkWatcher({ interfaces: nics.read, clock });
    const offA = watcher.subscribe(() => undefined);
    const offB = watcher.subscribe(() => undefined);
    clock.advance(10_000);
    expect(nics.reads()).toBe(11); // the baseline and ten polls
    offA();
    clock.advance(2_000);
    expect(nics.reads()).toBe(13);
    offB();
    clock.advance(10_000);
    expect(nics.reads()).toBe(13);
    expect(clock.pending).toBe(0);
  });

  it('a failing interface list is no change', () => {
    const clock = new FakeClock();
    let fail = false;
    const events: string[] = [];
    createNetworkWatcher({ interfaces: () => {
      if (fail) throw new Error('uv_interface_addresses');
      return loopback;
    }, clock }).subscribe((e) => events.push(e));
    fail = true;
    clock.advance(3_000);
    fail = false;
    clock.advance(1_000);
    expect(events).toEqual([]);
  });

  it('reaches connectivity as network-changed: online (a cue to retry) even when it believed offline, never offline', () => {
    const clock = new FakeClock();
    const nics = fakeInterfaces({ ...loopback, wlan0: [v4('192.168.1.20')] });
    let resumed: () => void = () => undefined;
    const power: OsNetworkEvents = { subscribe: (l) => ((resumed = () => l('resumed')), () => undefined) };
    const connectivity = createConnectivity({ now: () => clock.now(), os: mergeOsEvents(createNetworkWatcher({ interfaces: nics.read, clock }), power) });
    const changes: ConnectivityChange[] = [];
    connectivity.onChange((c) => changes.push(c));
    connectivity.reportNetworkFailure();
    nics.set({ ...loopback }); // the Wi-Fi is gone: not a reason to say offline, but to try again
    clock.advance(1_000);
    resumed();
    expect(changes.map((c) => [c.state, c.reason])).toEqual([['offline', 'request-failed'], ['online', 'network-changed'], ['online', 'resumed']]);
    connectivity.close();
    clock.advance(5_000);
    expect(clock.pending).toBe(0); // closing connectivity stops the polling
  });
});
