/**
 * Call quality from WebRTC statistics, pure: `snapshotFromStats` reads the
 * few numbers we need from a getStats() report (any iterable of stat
 * dictionaries), `qualityBetween` turns two consecutive snapshots into the
 * figures the agent sees. Loss is measured over the interval, not since the
 * call began, so a bad second shows as a bad second.
 */
import type { CandidatePair } from '../../../../common/ipc/call-quality';
import { selectedPairOf } from './candidate-pair';
import { estimateMos } from './mos';

export interface StatsSnapshot {
  /** ms, from the report's timestamps (or the caller's clock). */
  readonly at: number;
  readonly packetsReceived: number;
  readonly packetsLost: number;
  readonly packetsSent: number;
  readonly bytesReceived: number;
  /** Interarrival jitter of what we receive, ms; null before the first packet. */
  readonly jitterMs: number | null;
  /** Round-trip time, ms (RTCP or ICE); null while unknown. */
  readonly rttMs: number | null;
  /** The ICE candidate pair in use, null before ICE connects. */
  readonly pair: CandidatePair | null;
}

/**
 * One interval's quality. No figure without packets behind it: when no audio
 * packet arrived in the interval, loss, jitter and MOS are null (a silent
 * call must never read "MOS 4.4").
 */
export interface QualitySample {
  /** Audio packets received in this interval; 0 = no audio arrived. */
  readonly packetsInInterval: number;
  readonly lossPercent: number | null;
  readonly jitterMs: number | null;
  readonly rttMs: number | null;
  readonly mos: number | null;
  readonly packetsReceived: number;
  readonly packetsSent: number;
}

type StatLike = Readonly<Record<string, unknown>>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Accepts an RTCStatsReport (a Map-like of id → stat) or a plain array of stats. */
export function snapshotFromStats(report: Iterable<unknown> | { forEach: (cb: (value: unknown) => void) => void }, now: number): StatsSnapshot {
  const stats: StatLike[] = [];
  const push = (v: unknown): void => {
    if (typeof v === 'object' && v !== null) stats.push(v as StatLike);
  };
  if ('forEach' in report && typeof report.forEach === 'function') report.forEach(push);
  else for (const v of report as Iterable<unknown>) push(v);

  let received = 0;
  let lost = 0;
  let sent = 0;
  let bytes = 0;
  let jitter: number | null = null;
  let rtcpRtt: number | null = null;
  let iceRtt: number | null = null;
  let at: number | null = null;
  for (const s of stats) {
    const kind = s['kind'] ?? s['mediaType'];
    if (s['type'] === 'inbound-rtp' && kind === 'audio') {
      received += num(s['packetsReceived']) ?? 0;
      lost += Math.max(0, num(s['packetsLost']) ?? 0);
      bytes += num(s['bytesReceived']) ?? 0;
      const j = num(s['jitter']);
      if (j !== null) jitter = j * 1000;
      at = num(s['timestamp']) ?? at;
    } else if (s['type'] === 'outbound-rtp' && kind === 'audio') {
      sent += num(s['packetsSent']) ?? 0;
    } else if (s['type'] === 'remote-inbound-rtp' && kind === 'audio') {
      const rtt = num(s['roundTripTime']);
      if (rtt !== null) rtcpRtt = rtt * 1000;
    } else if (s['type'] === 'candidate-pair' && (s['nominated'] === true || s['selected'] === true) && s['state'] === 'succeeded') {
      const rtt = num(s['currentRoundTripTime']);
      if (rtt !== null) iceRtt = rtt * 1000;
    }
  }
  return {
    at: at ?? now,
    packetsReceived: received,
    packetsLost: lost,
    packetsSent: sent,
    bytesReceived: bytes,
    jitterMs: jitter,
    rttMs: rtcpRtt ?? iceRtt,
    pair: selectedPairOf(stats),
  };
}

/** Loss in percent of the packets expected between two snapshots. */
export function intervalLossPercent(prev: StatsSnapshot | null, curr: StatsSnapshot): number {
  const dRecv = Math.max(0, curr.packetsReceived - (prev?.packetsReceived ?? 0));
  const dLost = Math.max(0, curr.packetsLost - (prev?.packetsLost ?? 0));
  const expected = dRecv + dLost;
  return expected === 0 ? 0 : Math.round((dLost / expected) * 1000) / 10;
}

export function qualityBetween(prev: StatsSnapshot | null, curr: StatsSnapshot): QualitySample {
  const packetsInInterval = Math.max(0, curr.packetsReceived - (prev?.packetsReceived ?? 0));
  const rttMs = curr.rttMs === null ? null : Math.round(curr.rttMs);
  const counts = { packetsInInterval, packetsReceived: curr.packetsReceived, packetsSent: curr.packetsSent, rttMs };
  if (packetsInInterval === 0) return { ...counts, lossPercent: null, jitterMs: null, mos: null };
  const lossPercent = intervalLossPercent(prev, curr);
  const jitterMs = Math.round((curr.jitterMs ?? 0) * 10) / 10;
  return { ...counts, lossPercent, jitterMs, mos: estimateMos({ rttMs: rttMs ?? 0, jitterMs, lossPercent }) };
}
