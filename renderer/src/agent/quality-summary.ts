// What a call's quality timeline says, in a few figures: the chart's text
// for people who do not see it, and the first line anyone reads. Figures come
// only from points with packets behind them: a silent call has no MOS.
import type { CallQualityTimeline, CandidatePair } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import { formatDuration } from './duration';

type Translate = (key: MessageKey, params?: Record<string, string>) => string;

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

/** The summary in the agent's words: what the chart shows, for everyone. */
export function qualityWords(t: Translate, timeline: CallQualityTimeline): string[] {
  const s = summariseQuality(timeline);
  const words: string[] = [];
  if (s.averageMos === null || s.worst === null) words.push(t('quality.summary.noAudio'));
  else {
    words.push(t('quality.summary', {
      average: s.averageMos.toFixed(1), worst: s.worst.mos.toFixed(1), at: formatDuration(s.worst.atSeconds * 1000),
      loss: (s.maxLossPercent ?? 0).toFixed(1), jitter: (s.maxJitterMs ?? 0).toFixed(0), rtt: s.maxRttMs === null ? '—' : s.maxRttMs.toFixed(0),
    }));
    if (s.silent > 0) words.push(t('quality.silent', { seconds: String(s.silent * timeline.everySeconds) }));
  }
  if (s.pair) words.push(pathWords(t, s.pair));
  return words;
}

function pathWords(t: Translate, pair: CandidatePair): string {
  const remote = t(`quality.candidate.${pair.remote}`);
  if (pair.local === 'relay') return t('quality.path.relay', { relay: (pair.relayProtocol ?? 'unknown').toUpperCase(), remote });
  return t('quality.path', { local: t(`quality.candidate.${pair.local}`), remote, protocol: pair.protocol.toUpperCase() });
}

// ---- The chart's geometry (quality-chart.tsx draws it) ----
export const MOS_TOP = 6;
export const MOS_BOTTOM = 62;
export const mosY = (mos: number): number => MOS_BOTTOM - ((mos - 1) / 3.5) * (MOS_BOTTOM - MOS_TOP);

/** The MOS line as path segments, broken wherever a point has no MOS. */
export function mosSegments(timeline: CallQualityTimeline, x: (i: number) => number): string[] {
  const segments: string[] = [];
  let current: string[] = [];
  timeline.points.forEach((point, i) => {
    if (point.mos === null) {
      if (current.length > 0) segments.push(current.join(' '));
      current = [];
      return;
    }
    current.push(`${current.length === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${mosY(point.mos).toFixed(1)}`);
  });
  if (current.length > 0) segments.push(current.join(' '));
  return segments;
}

