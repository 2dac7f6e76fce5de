// The reconnector as the app's phone runs it (probeFirst, a return spread):
// no WebSocket attempt while main's probe finds the server away, a random
// wait after it is back that grows with the outage, probe windows that do not
// end in step across a floor, and the quick tries back when main's probe is
// blind. Plus the spread's ceiling itself.
import { describe, expect, it, vi } from 'vitest';
import { RETURN_SPREAD, returnSpreadCeiling, returnSpreadDelay } from '../../../renderer/src/phone/connection/reconnect-spread';
import { Reconnector, type ReconnectorOptions } from '../../../renderer/src/phone/connection/reconnector';
import { FakeTimers } from '../support/fake-timers';
import { manualReachability } from '../support/manual-reachability';

const policy = { firstMs: 100, factor: 2, capMs: 400, jitter: 0.5 };

function floorReconnector(extra: Partial<ReconnectorOptions> & Pick<ReconnectorOptions, 'attempt'>) {
  const timers = new FakeTimers();
  const probe = manualReachability();
  const away: boolean[] = [];
  const r = new Reconnector({
    policy, timers, random: () => 0.5, reachability: probe.port, probeFirst: true,
    spreadDelay: (outageMs, random) => returnSpreadDelay(outageMs, random),
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
    // 2 s is a blip: no spread wait.
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(away).toEqual([true, false]);
    expect(timers.pending).toBe(0);
  });

  it('waits a spread after an outage as long as a restart: uniform 0…ceiling(outage)', async () => {
    const attempt = vi.fn(async () => undefined);
    const { r, timers, probe } = floorReconnector({ attempt, random: () => 0.6 });
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    timers.advance(20_000);
    probe.waits[0]!.settle(true);
    await vi.waitFor(() => expect(timers.delays.at(-1)).toBe(Math.round(0.6 * RETURN_SPREAD.capMs)));
    expect(attempt).not.toHaveBeenCalled();
    timers.advance(Math.round(0.6 * RETURN_SPREAD.capMs));
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledOnce());
  });

  it('jitters each probe window ±25 % so a floor does not try by itself in step', async () => {
    const attempt = vi.fn(async () => Promise.reject(new Error('refused')));
    for (const [random, window] of [[0, 22_500], [0.999, 37_485]] as const) {
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
    // 10 s since the connection was lost: the full spread (random 0.5 → half the cap).
    await vi.waitFor(() => expect(timers.delays.at(-1)).toBe(RETURN_SPREAD.capMs / 2));
    r.cancel();
  });

  it('goes back to quick tries once the page got through where main saw nothing, and drops them when a probe is right again', async () => {
    let up = true;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const { r, timers, probe } = floorReconnector({ attempt });
    // Outage 1: the window ends unreachable, the page's own try gets through (a proxy main cannot use).
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    probe.waits[0]!.settle(false);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(r.running).toBe(false));
    // Outage 2: quick tries first, as without probeFirst.
    up = false;
    r.schedule();
    for (let i = 2; i <= 4; i++) {
      timers.advance(150);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i));
    }
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    up = true;
    probe.waits[1]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(5));
    await vi.waitFor(() => expect(r.running).toBe(false));
    // Outage 3: main's probe was right, so no quick tries again.
    up = false;
    r.schedule();
    await vi.waitFor(() => expect(probe.waits).toHaveLength(3));
    timers.advance(1_000);
    expect(attempt).toHaveBeenCalledTimes(5);
    r.cancel();
  });
});

describe('return spread', () => {
  it('is zero for blips, grows from 3 s and reaches its cap at 4.5 s', () => {
    expect(returnSpreadCeiling(300)).toBe(0);
    expect(returnSpreadCeiling(3_000)).toBe(0);
    expect(returnSpreadCeiling(3_750)).toBeCloseTo(RETURN_SPREAD.capMs / 2);
    expect(returnSpreadCeiling(4_500)).toBe(RETURN_SPREAD.capMs);
    expect(returnSpreadCeiling(600_000)).toBe(RETURN_SPREAD.capMs);
    expect(returnSpreadCeiling(Number.NaN)).toBe(0);
    expect(returnSpreadDelay(60_000, () => 1)).toBe(RETURN_SPREAD.capMs);
    expect(returnSpreadDelay(60_000, () => 0)).toBe(0);
    expect(returnSpreadDelay(2_000, () => 0.9)).toBe(0);
  });
});
