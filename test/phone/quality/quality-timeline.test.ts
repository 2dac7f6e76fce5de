import { describe, expect, it } from 'vitest';
import { QUALITY_POINTS_MAX } from '../../../common/ipc/call-quality';
import { selectedPairOf } from '../../../renderer/src/phone/quality/candidate-pair';
import { QualityTimeline } from '../../../renderer/src/phone/quality/quality-timeline';
import type { StatsSnapshot } from '../../../renderer/src/phone/quality/rtp-quality';

const snap = (atSeconds: number, received: number, lost = 0, pair: StatsSnapshot['pair'] = null): StatsSnapshot => ({
  at: 10_000 + atSeconds * 1000, packetsReceived: received, packetsLost: lost, packetsSent: received, bytesReceived: received * 160, jitterMs: 4, rttMs: 20, pair,
});
const HOST_UDP = { local: 'host', remote: 'host', protocol: 'udp', relayProtocol: null } as const;
const RELAY_TCP = { local: 'relay', remote: 'host', protocol: 'udp', relayProtocol: 'tcp' } as const;

describe('a call\'s quality timeline', () => {
  it('keeps one point every 5 s, measured over its own interval', () => {
    const timeline = new QualityTimeline(Date.UTC(2026, 10, 26, 10, 40));
    for (let s = 0; s <= 10; s += 1) timeline.observe(snap(s, s * 50, s >= 6 ? 10 : 0));
    const t = timeline.timeline();
    expect(t.startedAt).toBe('2026-11-26T10:40:00.000Z');
    expect(t.points.map((p) => p.atSeconds)).toEqual([5, 10]);
    expect(t.points[0]).toMatchObject({ packets: 250, lossPercent: 0, jitterMs: 4, rttMs: 20 });
    expect(t.points[0]!.mos).toBeGreaterThan(4.3);
    // Interval 5→10 s: 250 received, 10 lost.
    expect(t.points[1]).toMatchObject({ packets: 250, lossPercent: 3.8 });
    expect(t.points[1]!.mos).toBeLessThan(t.points[0]!.mos!);
  });

  it('gives an interval without packets no loss, jitter or MOS (a silent call shows no MOS)', () => {
    const timeline = new QualityTimeline(0);
    for (let s = 0; s <= 10; s += 1) timeline.observe(snap(s, 0));
    expect(timeline.timeline().points).toEqual([
      { atSeconds: 5, packets: 0, lossPercent: null, jitterMs: null, rttMs: 20, mos: null },
      { atSeconds: 10, packets: 0, lossPercent: null, jitterMs: null, rttMs: 20, mos: null },
    ]);
  });

  it('is bounded: a long call keeps its last points and counts the others', () => {
    const timeline = new QualityTimeline(0);
    const points = QUALITY_POINTS_MAX + 7;
    for (let i = 0; i <= points; i += 1) timeline.observe(snap(i * 5, i * 250));
    const t = timeline.timeline();
    expect(t.points).toHaveLength(QUALITY_POINTS_MAX);
    expect(t.droppedPoints).toBe(7);
    expect(t.points[0]!.atSeconds).toBe(8 * 5);
  });

  it('records the candidate pair when it changes, not at every sample', () => {
    const timeline = new QualityTimeline(0);
    timeline.observe(snap(0, 0, 0, HOST_UDP));
    timeline.observe(snap(1, 50, 0, HOST_UDP));
    timeline.observe(snap(2, 100, 0, RELAY_TCP));
    timeline.observe(snap(3, 150, 0, RELAY_TCP));
    expect(timeline.timeline().pairs).toEqual([{ atSeconds: 0, pair: HOST_UDP }, { atSeconds: 2, pair: RELAY_TCP }]);
  });
});

describe('the selected candidate pair from getStats', () => {
  const stats = [
    { id: 'T', type: 'transport', selectedCandidatePairId: 'P2' },
    { id: 'P1', type: 'candidate-pair', state: 'succeeded', nominated: true, localCandidateId: 'L1', remoteCandidateId: 'R1' },
    { id: 'P2', type: 'candidate-pair', state: 'succeeded', nominated: true, localCandidateId: 'L2', remoteCandidateId: 'R1' },
    { id: 'L1', type: 'local-candidate', candidateType: 'host', protocol: 'udp' },
    { id: 'L2', type: 'local-candidate', candidateType: 'relay', protocol: 'udp', relayProtocol: 'tls' },
    { id: 'R1', type: 'remote-candidate', candidateType: 'srflx', protocol: 'udp' },
  ];

  it('follows the transport\'s selected pair, with the relay\'s own transport', () => {
    expect(selectedPairOf(stats)).toEqual({ local: 'relay', remote: 'srflx', protocol: 'udp', relayProtocol: 'tls' });
  });

  it('falls back to the nominated pair, and says unknown for what it cannot read', () => {
    expect(selectedPairOf(stats.slice(1))).toEqual({ local: 'host', remote: 'srflx', protocol: 'udp', relayProtocol: null });
    expect(selectedPairOf([{ id: 'P', type: 'candidate-pair', state: 'succeeded', nominated: true, localCandidateId: 'L' }, { id: 'L', candidateType: 'weird', protocol: 'sctp' }]))
      .toEqual({ local: 'unknown', remote: 'unknown', protocol: 'unknown', relayProtocol: null });
  });

  it('is null before ICE has a pair', () => {
    expect(selectedPairOf([{ id: 'P', type: 'candidate-pair', state: 'in-progress', localCandidateId: 'L' }])).toBeNull();
  });
});
