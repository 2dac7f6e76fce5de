import { describe, expect, it } from 'vitest';
import { intervalLossPercent, qualityBetween, snapshotFromStats } from '../../../renderer/src/phone/quality/rtp-quality';

const report = (recv: number, lost: number, extra: object[] = []) =>
  new Map<string, unknown>([
    ['in', { type: 'inbound-rtp', kind: 'audio', packetsReceived: recv, packetsLost: lost, jitter: 0.012, bytesReceived: recv * 160, timestamp: 1000 }],
    ['out', { type: 'outbound-rtp', kind: 'audio', packetsSent: 50 }],
    ['pair', { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.004 }],
    ...extra.map((e, i) => [`x${i}`, e] as [string, unknown]),
  ]);

describe('stats → quality', () => {
  it('reads packets, jitter (s → ms) and RTT from a stats report', () => {
    const s = snapshotFromStats(report(100, 2), 5);
    expect(s).toEqual({ at: 1000, packetsReceived: 100, packetsLost: 2, packetsSent: 50, bytesReceived: 16000, jitterMs: 12, rttMs: 4, pair: null });
  });

  it('prefers the RTCP round trip over ICE when both are known', () => {
    const s = snapshotFromStats(report(1, 0, [{ type: 'remote-inbound-rtp', kind: 'audio', roundTripTime: 0.08 }]), 0);
    expect(s.rttMs).toBe(80);
  });

  it('ignores video and non-objects and uses the caller clock when there is no timestamp', () => {
    const s = snapshotFromStats([{ type: 'inbound-rtp', kind: 'video', packetsReceived: 9 }, null, 3], 77);
    expect(s).toMatchObject({ at: 77, packetsReceived: 0, jitterMs: null, rttMs: null });
  });

  it('measures loss over the interval only', () => {
    const a = snapshotFromStats(report(1000, 100), 0);
    const b = snapshotFromStats(report(1045, 105), 0);
    expect(intervalLossPercent(null, a)).toBe(9.1);
    expect(intervalLossPercent(a, b)).toBe(10);
    expect(intervalLossPercent(b, b)).toBe(0);
  });

  it('produces a sample with a MOS', () => {
    const q = qualityBetween(null, snapshotFromStats(report(50, 0), 0));
    expect(q).toMatchObject({ lossPercent: 0, jitterMs: 12, rttMs: 4, packetsReceived: 50, packetsSent: 50 });
    expect(q.mos).toBeGreaterThan(4.3);
  });

  it('gives no MOS, loss or jitter for an interval in which no audio packet arrived', () => {
    const a = snapshotFromStats(report(500, 0), 0);
    // The counters stand still: the far end stopped sending (a call that is gone).
    const q = qualityBetween(a, snapshotFromStats(report(500, 0), 0));
    expect(q).toEqual({ packetsInInterval: 0, lossPercent: null, jitterMs: null, mos: null, rttMs: 4, packetsReceived: 500, packetsSent: 50 });
    // The first sample of a call that never received anything says the same.
    expect(qualityBetween(null, snapshotFromStats(report(0, 0), 0)).mos).toBeNull();
  });

  it('counts the packets of the interval and computes loss from those that arrived', () => {
    const a = snapshotFromStats(report(500, 0), 0);
    const q = qualityBetween(a, snapshotFromStats(report(545, 5), 0));
    expect(q).toMatchObject({ packetsInInterval: 45, lossPercent: 10 });
    expect(q.mos).toBeLessThan(4.3);
  });
});
