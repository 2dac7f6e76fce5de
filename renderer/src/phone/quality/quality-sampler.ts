/** Samples a peer connection's statistics every second and reports call quality. */
import { qualityBetween, snapshotFromStats, type QualitySample, type StatsSnapshot } from './rtp-quality';
import type { Timers } from '../timers';

export interface StatsSource {
  getStats(): Promise<RTCStatsReport>;
}

export class QualitySampler {
  private handle: unknown = null;
  private prev: StatsSnapshot | null = null;
  private last: QualitySample | null = null;

  constructor(
    private readonly source: StatsSource,
    private readonly timers: Timers,
    private readonly onSample: (sample: QualitySample, snapshot: StatsSnapshot) => void,
    private readonly everyMs = 1_000,
  ) {}

  start(): void {
    if (this.handle !== null) return;
    this.handle = this.timers.setInterval(() => void this.sample(), this.everyMs);
  }

  stop(): void {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
  }

  get latest(): QualitySample | null {
    return this.last;
  }

  /** One sample now (also used by tests and the `stats()` hook). */
  async sample(): Promise<QualitySample | null> {
    try {
      const snap = snapshotFromStats(await this.source.getStats(), this.timers.now());
      this.last = qualityBetween(this.prev, snap);
      this.prev = snap;
      this.onSample(this.last, snap);
      return this.last;
    } catch {
      return null; // the connection is closing; the next tick or stop() settles it
    }
  }
}
