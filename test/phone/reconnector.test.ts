import { describe, expect, it, vi } from 'vitest';
import { Reconnector } from '../../renderer/src/phone/reconnector';
import { QualitySampler } from '../../renderer/src/phone/quality-sampler';
import { FakeTimers } from './support/fake-timers';

const policy = { firstMs: 100, factor: 2, capMs: 400, jitter: 0.5 };

describe('Reconnector', () => {
  it('backs off with jitter until the attempt succeeds, then stops', async () => {
    const timers = new FakeTimers();
    let failuresLeft = 3;
    const attempt = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error('refused');
    });
    const r = new Reconnector({ policy, timers, attempt, random: () => 0 });
    r.schedule();
    for (let i = 0; i < 4; i++) {
      timers.advance(timers.delays.at(-1)!);
      await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(i + 1));
    }
    await vi.waitFor(() => expect(r.running).toBe(false));
    expect(timers.delays).toEqual([100, 200, 400, 400]);
    expect(timers.pending).toBe(0);
  });

  it('now() skips the wait and restarts from the fast first step; cancel() stops it', async () => {
    const timers = new FakeTimers();
    const attempt = vi.fn(async () => {
      throw new Error('refused');
    });
    const r = new Reconnector({ policy, timers, attempt, random: () => 0 });
    r.schedule();
    r.now();
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(timers.delays).toEqual([100, 200]));
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
    timers.advance(200);
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
    const s = new QualitySampler(source, timers, (q) => samples.push(q.lossPercent));
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
