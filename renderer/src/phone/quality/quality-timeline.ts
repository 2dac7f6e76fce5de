/**
 * One call's quality over time, for the recent-calls chart and the
 * diagnostics bundle: fed every snapshot the call's sampler takes (each
 * second), it closes a point once QUALITY_POINT_SECONDS have passed since the
 * last one, measured between the two snapshots (so a point's loss is that
 * interval's loss, not the call's so far). Bounded: the last
 * QUALITY_POINTS_MAX points and 20 pair changes; older points are counted.
 *
 *   observe(snapshot) ─▶ ≥ every s since the point before? ─▶ point (qualityBetween) ─▶ kept
 *                     └▶ pair changed? ─▶ pair change kept
 */
import type { CallQualityTimeline, QualityPoint } from '../../../../common/ipc/call-quality';
import { QUALITY_POINT_SECONDS, QUALITY_POINTS_MAX } from '../../../../common/ipc/phone-bounds';
import { samePair } from './candidate-pair';
import { qualityBetween, type StatsSnapshot } from './rtp-quality';

const MAX_PAIR_CHANGES = 20;

export class QualityTimeline {
  private readonly points: QualityPoint[] = [];
  private readonly pairs: CallQualityTimeline['pairs'] = [];
  private dropped = 0;
  private last: StatsSnapshot | null = null;
  private started: number | null = null;

  /** `startedAt`: wall-clock ms when the call's media started; `everySeconds`: the points' interval. */
  constructor(
    private readonly startedAt: number,
    private readonly everySeconds = QUALITY_POINT_SECONDS,
  ) {}

  observe(snapshot: StatsSnapshot): void {
    this.started ??= snapshot.at;
    const atSeconds = Math.max(0, Math.round((snapshot.at - this.started) / 1000));
    const lastPair = this.pairs.at(-1)?.pair ?? null;
    if (snapshot.pair && !samePair(lastPair, snapshot.pair) && this.pairs.length < MAX_PAIR_CHANGES) this.pairs.push({ atSeconds, pair: snapshot.pair });
    // The first snapshot is the baseline: what arrived before it belongs to no interval of ours.
    if (this.last === null) {
      this.last = snapshot;
      return;
    }
    if (snapshot.at - this.last.at < this.everySeconds * 1000 - 250) return;
    const sample = qualityBetween(this.last, snapshot);
    this.last = snapshot;
    this.points.push({ atSeconds, packets: sample.packetsInInterval, lossPercent: sample.lossPercent, jitterMs: sample.jitterMs, rttMs: sample.rttMs, mos: sample.mos });
    if (this.points.length > QUALITY_POINTS_MAX) {
      this.points.shift();
      this.dropped += 1;
    }
  }

  /** What was measured so far (a copy). */
  timeline(): CallQualityTimeline {
    return {
      startedAt: new Date(this.startedAt).toISOString(),
      everySeconds: this.everySeconds,
      points: [...this.points],
      droppedPoints: this.dropped,
      pairs: [...this.pairs],
    };
  }
}
