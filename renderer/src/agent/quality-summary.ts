// What a call's quality timeline says, in a few figures: the chart's text
// for people who do not see it, and the first line anyone reads. Figures come
// only from points with packets behind them: a silent call has no MOS.
import type { CallQualityTimeline, CandidatePair } from '../../../common/ipc-contract';

export interface QualitySummary {
  /** Points with audio / without audio. */
  readonly heard: number;
  readonly silent: number;
  /** null when no point had audio. */
  readonly averageMos: number | null;
  readonly worst: { readonly mos: number; readonly atSeconds: number } | null;
  readonly maxLossPercent: number | null;
  readonly maxJitterMs: number | null;
  readonly maxRttMs: number | null;
  /** The pair in use at the end of the call. */
  readonly pair: CandidatePair | null;
}

const maxOf = (values: readonly (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.max(...known);
};

export function summariseQuality(timeline: CallQualityTimeline): QualitySummary {
  const heard = timeline.points.filter((p) => p.packets > 0 && p.mos !== null);
  let worst: QualitySummary['worst'] = null;
  for (const p of heard) if (p.mos !== null && (worst === null || p.mos < worst.mos)) worst = { mos: p.mos, atSeconds: p.atSeconds };
  const sum = heard.reduce((total, p) => total + (p.mos ?? 0), 0);
  return {
    heard: heard.length,
    silent: timeline.points.length - heard.length,
    averageMos: heard.length === 0 ? null : Math.round((sum / heard.length) * 10) / 10,
    worst,
    maxLossPercent: maxOf(heard.map((p) => p.lossPercent)),
    maxJitterMs: maxOf(heard.map((p) => p.jitterMs)),
    maxRttMs: maxOf(timeline.points.map((p) => p.rttMs)),
    pair: timeline.pairs.at(-1)?.pair ?? null,
  };
}

