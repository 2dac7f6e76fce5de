// The round-trip delay the agent would hear on the echo test, from two level
// envelopes sampled on one clock: what the microphone sent and what came
// back. The lag at which the two correlate best is the delay; when the
// microphone was silent, or nothing like it came back, there is no delay to
// tell (null), rather than a number made of noise. Pure.

export interface DelayEstimate {
  /** ms, or null when it cannot be told. */
  readonly delayMs: number | null;
  /** Normalised correlation at that lag, 0…1. */
  readonly confidence: number;
}

/** At least this correlation for the delay to count as heard. */
export const MIN_CONFIDENCE = 0.5;
const SMOOTH_MS = 100;
const NEAR_BEST = 0.9;

/** A centred moving average over `width` samples. */
function smooth(values: readonly number[], width: number): number[] {
  const half = Math.floor(width / 2);
  return values.map((_, i) => {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - half); j <= Math.min(values.length - 1, i + half); j += 1) {
      sum += values[j] ?? 0;
      count += 1;
    }
    return sum / count;
  });
}

export function estimateDelay(sent: readonly number[], heard: readonly number[], stepMs: number, maxDelayMs = 1_000): DelayEstimate {
  const n = Math.min(sent.length, heard.length);
  const maxLag = Math.min(Math.floor(maxDelayMs / stepMs), n - 2);
  if (n < 4 || maxLag < 0) return { delayMs: null, confidence: 0 };
  // Smoothed over ~100 ms first: a page's timers jitter by a sample or two, which would miss short peaks.
  const centred = (values: readonly number[]): number[] => {
    const part = smooth(values.slice(0, n), Math.max(1, Math.round(SMOOTH_MS / stepMs)));
    const mean = part.reduce((sum, v) => sum + v, 0) / n;
    return part.map((v) => v - mean);
  };
  const a = centred(sent);
  const b = centred(heard);
  const scores: number[] = [];
  for (let lag = 0; lag <= maxLag; lag += 1) {
    let dot = 0;
    let aa = 0;
    let bb = 0;
    for (let i = 0; i + lag < n; i += 1) {
      const x = a[i] ?? 0;
      const y = b[i + lag] ?? 0;
      dot += x * y;
      aa += x * x;
      bb += y * y;
    }
    scores.push(aa > 0 && bb > 0 ? dot / Math.sqrt(aa * bb) : 0);
  }
  // A periodic sound (beeps, a ringback) matches again one period later: the first lag nearly as good as the best is the delay.
  const top = Math.max(0, ...scores);
  const lag = scores.findIndex((score) => score >= top * NEAR_BEST);
  const best = { lag, score: scores[lag] ?? 0 };
  const confidence = Math.round(Math.max(0, best.score) * 100) / 100;
  return best.lag < 0 || confidence < MIN_CONFIDENCE ? { delayMs: null, confidence } : { delayMs: best.lag * stepMs, confidence };
}
