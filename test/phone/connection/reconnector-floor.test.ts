// The reconnector as the app's phone runs it (probeFirst): no WebSocket
// attempt while main's probe finds the server away, a try as soon as main
// says yes (main's slot on the curve is the floor's spread), main told how
// long the outage has lasted, probe windows that do not end in step across a
// floor, and the page's own slots when main's probe is blind.
import { describe, expect, it, vi } from 'vitest';
import { Reconnector, type ReconnectorOptions } from '../../../renderer/src/phone/connection/reconnector';
import { FakeTimers } from '../support/fake-timers';
import { manualReachability } from '../support/manual-reachability';

const curve = { intervalMs: 1_000, holdMs: 4_000, maxIntervalMs: 2_000, maxFromMs: 8_000, slotJitter: 0 };

function floorReconnector(extra: Partial<ReconnectorOptions> & Pick<ReconnectorOptions, 'attempt'>) {
  const timers = new FakeTimers();
  const probe = manualReachability();
  const away: boolean[] = [];
  const r = new Reconnector({
    curve, timers, random: () => 0.5, reachability: probe.port, probeFirst: true,
    onServerAwayChange: (a) => away.push(a),
    ...extra,
  });
  return { r, timers, probe, away };
}

describe('Reconnector with probeFirst (the app phone)', () => {
  it('makes no try until main says reachable, is away after 200 ms, and tries at once after a short outage', async () => {
    let up = false;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const { r, timers, probe, away } = floorReconnector({ attempt });
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    expect(r.serverAway).toBe(false);
    timers.advance(200);
    expect(r.serverAway).toBe(true);
    timers.advance(1_800);
    expect(attempt).not.toHaveBeenCalled();
    up = true;
    probe.waits[0]!.settle(true);
    // No wait of its own: main's probe found it at this phone's slot.
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(away).toEqual([true, false]);
    expect(timers.pending).toBe(0);
  });

  it('tries at once after a long outage too (main\'s slot is the spread) and tells main how long the outage lasted', async () => {
    const attempt = vi.fn(async () => undefined);
    const { r, timers, probe } = floorReconnector({ attempt, random: () => 0 });
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    expect(probe.waits[0]!.outageMs).toBe(0);
    timers.advance(45_000);
    probe.waits[0]!.settle(false); // the window ended: the page's own look fails
    attempt.mockRejectedValueOnce(new Error('refused'));
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    expect(probe.waits[1]!.outageMs).toBe(45_000);
    probe.waits[1]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    expect(timers.delays.filter((d) => d !== 200)).toEqual([]); // no sleep but the away timer
  });

  it('jitters each probe window ±25 % so a floor does not try by itself in step', async () => {
    const attempt = vi.fn(async () => Promise.reject(new Error('refused')));
    for (const [random, window] of [[0, 45_000], [0.999, 74_970]] as const) {
      const { r, probe } = floorReconnector({ attempt, random: () => random });
      r.schedule();
      await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
      expect(probe.waits[0]!.timeoutMs).toBe(window);
      r.cancel();
    }
  });

  it('a kick (now) tries at once, then waits for main; the outage keeps its start', async () => {
    let up = false;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const { r, timers, probe } = floorReconnector({ attempt });
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    timers.advance(10_000);
    r.now();
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    up = true;
    probe.waits[1]!.settle(true);
    // The kick keeps the outage's start: main goes on along its curve from 10 s.
    expect(probe.waits[1]!.outageMs).toBe(10_000);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(r.running).toBe(false));
  });

  it('once the page got through where main saw nothing and main still does not see it, each wait lasts until the page\'s own next slot; a probe proved right ends that', async () => {
    let up = true;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const { r, timers, probe } = floorReconnector({ attempt, random: () => 0 });
    // Outage 1: the window ends unreachable, the page's own try gets through (a proxy main cannot use?).
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    expect(probe.waits[0]!.timeoutMs).toBe(45_000);
    probe.waits[0]!.settle(false);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(r.running).toBe(false));
    // One short wait asks main whether it sees the server now (the longest interval × 1.2 + a probe's time): it does not.
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    expect(probe.waits[1]!.timeoutMs).toBe(3_900);
    probe.waits[1]!.settle(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Outage 2: no burst of quick tries; the window is the page's own next slot (phase 0: slot 1 at 1 s, slot 0 skipped).
    up = false;
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(3));
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(probe.waits[2]!.timeoutMs).toBe(1_000);
    timers.advance(500);
    up = true;
    probe.waits[2]!.settle(true); // main is right this time
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(r.running).toBe(false));
    // Outage 3: main's probe was right, so the long window again.
    up = false;
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(4));
    expect(probe.waits[3]!.timeoutMs).toBe(45_000);
    r.cancel();
  });

  it('a window that merely ended before main\'s next slot does not make main look blind: main sees the server when asked again', async () => {
    const attempt = vi.fn(async () => undefined);
    const { r, probe } = floorReconnector({ attempt, random: () => 0 });
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    probe.waits[0]!.settle(false);
    await vi.waitFor(() => expect(r.running).toBe(false));
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    probe.waits[1]!.settle(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    attempt.mockRejectedValue(new Error('refused'));
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(3));
    expect(probe.waits[2]!.timeoutMs).toBe(45_000);
    r.cancel();
  });
});
