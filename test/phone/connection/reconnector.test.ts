import { describe, expect, it, vi } from 'vitest';
import { Reconnector } from '../../../renderer/src/phone/connection/reconnector';
import { QualitySampler } from '../../../renderer/src/phone/quality/quality-sampler';
import { FakeTimers } from '../support/fake-timers';
import { manualReachability } from '../support/manual-reachability';

/** A fast curve without jitter: looks 100 ms apart up to 400 ms, growing to 400 ms apart at 1 s. */
const curve = { intervalMs: 100, holdMs: 400, maxIntervalMs: 400, maxFromMs: 1_000, slotJitter: 0 };


describe('Reconnector', () => {
  it('tries three times 100–200 ms apart, then only when main says the server is reachable', async () => {
    const timers = new FakeTimers();
    let up = false;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ curve, timers, attempt, random: () => 0.5, reachability: probe.port });
    r.schedule();
    for (let i = 1; i <= 3; i++) {
      timers.advance(150);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i));
    }
    expect(timers.delays).toEqual([150, 150, 150]);
    // Now the page waits for main's probe and makes no attempt of its own, however long the outage.
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    expect(probe.waits[0]!.timeoutMs).toBe(60_000);
    // Main is told how long the phone has been reconnecting, so its probes go on along the curve from there.
    expect(probe.waits[0]!.outageMs).toBe(450);
    timers.advance(60_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    up = true;
    probe.waits[0]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(4));
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(timers.pending).toBe(0);
  });

  it('tries by itself when a probe window ends unreachable (a proxy main cannot use); a false hope goes straight back to main, no pause', async () => {
    const timers = new FakeTimers();
    const attempt = vi.fn(async () => {
      throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ curve, timers, attempt, random: () => 0, reachability: probe.port, quickTries: 1 });
    r.schedule();
    timers.advance(100);
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    probe.waits[0]!.settle(false);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    // The probe says yes but the WebSocket still fails: main's next slot spaces the next try, so the page
    // waits for main again at once; a pause of its own (1 s doubling to 30 s) put a floor to sleep behind a front.
    probe.waits[1]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(probe.waits).toHaveLength(3));
    expect(timers.pending).toBe(0); // no sleep of its own
    r.cancel();
    expect(probe.waits[2]!.signal.aborted).toBe(true);
    expect(r.running).toBe(false);
  });

  it('follows the curve after the quick tries when no main can probe, skipping a slot right after a try', async () => {
    const timers = new FakeTimers();
    let failuresLeft = 5;
    const attempt = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error('refused');
    });
    const r = new Reconnector({ curve, timers, attempt, random: () => 0, quickTries: 2 });
    r.schedule();
    for (let i = 0; i < 6; i++) {
      timers.advance(timers.delays.at(-1)!);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i + 1));
    }
    await vi.waitFor(() => expect(r.running).toBe(false));
    // Two quick tries (100 ms), then slots 3, 4 at 300, 400 ms (slot 2 at 200 ms fell on the last quick try),
    // then the interval grows: A(t) = 5 at 530 ms, 6 at 744 ms.
    expect(timers.delays).toEqual([100, 100, 100, 100, 130, 214]);
  });

  it('now() drops any wait and starts again with the quick tries; cancel() stops it', async () => {
    const timers = new FakeTimers();
    const attempt = vi.fn(async () => {
      throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ curve, timers, attempt, random: () => 0, reachability: probe.port, quickTries: 1 });
    r.schedule();
    timers.advance(100);
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    r.now();
    expect(probe.waits[0]!.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    r.cancel();
    expect(timers.pending).toBe(0);
    expect(r.running).toBe(false);
  });

  it('gives up after maxAttempts and says so', async () => {
    const timers = new FakeTimers();
    const onGiveUp = vi.fn();
    const r = new Reconnector({ curve, timers, maxAttempts: 2, onGiveUp, random: () => 0, attempt: async () => Promise.reject(new Error('x')) });
    r.schedule();
    timers.advance(100);
    await vi.waitFor(() => expect(r.failedAttempts).toBe(1));
    timers.advance(100);
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledOnce());
    expect(r.running).toBe(false);
    expect(timers.pending).toBe(0);
  });
});

describe('QualitySampler', () => {
  it('samples every second and reports loss over each interval', async () => {
    const timers = new FakeTimers();
    const reports = [
      [{ type: 'inbound-rtp', kind: 'audio', packetsReceived: 50, packetsLost: 0, jitter: 0.002 }],
      [{ type: 'inbound-rtp', kind: 'audio', packetsReceived: 95, packetsLost: 5, jitter: 0.004 }],
    ];
    const source = { getStats: async () => reports.shift() as unknown as RTCStatsReport };
    const samples: number[] = [];
    const s = new QualitySampler(source, timers, (q) => samples.push(q.lossPercent ?? -1));
    s.start();
    timers.advance(1_000);
    await vi.waitFor(() => expect(samples).toHaveLength(1));
    timers.advance(1_000);
    await vi.waitFor(() => expect(samples).toEqual([0, 10]));
    expect(s.latest).toMatchObject({ lossPercent: 10, jitterMs: 4, packetsReceived: 95 });
    s.stop();
    expect(timers.pending).toBe(0);
  });
});
