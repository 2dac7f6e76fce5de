import { describe, expect, it, vi } from 'vitest';
import { Reconnector } from '../../../renderer/src/phone/connection/reconnector';
import { QualitySampler } from '../../../renderer/src/phone/quality/quality-sampler';
import { FakeTimers } from '../support/fake-timers';
import { manualReachability } from '../support/manual-reachability';

const policy = { firstMs: 100, factor: 2, capMs: 400, jitter: 0.5 };


describe('Reconnector', () => {
  it('tries three times 100–200 ms apart, then only when main says the server is reachable', async () => {
    const timers = new FakeTimers();
    let up = false;
    const attempt = vi.fn(async () => {
      if (!up) throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ policy, timers, attempt, random: () => 0.5, reachability: probe.port });
    r.schedule();
    for (let i = 1; i <= 3; i++) {
      timers.advance(150);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i));
    }
    expect(timers.delays).toEqual([150, 150, 150]);
    // Now the page waits for main's probe and makes no attempt of its own, however long the outage.
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    expect(probe.waits[0]!.timeoutMs).toBe(30_000);
    timers.advance(60_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    up = true;
    probe.waits[0]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(4));
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(timers.pending).toBe(0);
  });

  it('tries by itself when a probe window ends unreachable (a proxy main cannot use), and pauses after a false hope', async () => {
    const timers = new FakeTimers();
    const attempt = vi.fn(async () => {
      throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ policy, timers, attempt, random: () => 0, reachability: probe.port, quickTries: 1 });
    r.schedule();
    timers.advance(100);
    await vi.waitFor(() => expect(probe.waits).toHaveLength(1));
    probe.waits[0]!.settle(false);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(probe.waits).toHaveLength(2));
    // The probe says yes but the WebSocket still fails: the next probe waits a backoff pause first.
    probe.waits[1]!.settle(true);
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(3));
    expect(probe.waits).toHaveLength(2);
    timers.advance(99);
    expect(probe.waits).toHaveLength(2);
    timers.advance(1);
    await vi.waitFor(() => expect(probe.waits).toHaveLength(3));
    r.cancel();
    expect(probe.waits[2]!.signal.aborted).toBe(true);
    expect(r.running).toBe(false);
  });

  it('backs off on its policy after the quick tries when no main can probe', async () => {
    const timers = new FakeTimers();
    let failuresLeft = 5;
    const attempt = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error('refused');
    });
    const r = new Reconnector({ policy, timers, attempt, random: () => 0, quickTries: 2 });
    r.schedule();
    for (let i = 0; i < 6; i++) {
      timers.advance(timers.delays.at(-1)!);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i + 1));
    }
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(timers.delays).toEqual([100, 100, 100, 200, 400, 400]);
  });

  it('now() drops any wait and starts again with the quick tries; cancel() stops it', async () => {
    const timers = new FakeTimers();
    const attempt = vi.fn(async () => {
      throw new Error('refused');
    });
    const probe = manualReachability();
    const r = new Reconnector({ policy, timers, attempt, random: () => 0, reachability: probe.port, quickTries: 1 });
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
    const r = new Reconnector({ policy, timers, maxAttempts: 2, onGiveUp, random: () => 0, attempt: async () => Promise.reject(new Error('x')) });
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
