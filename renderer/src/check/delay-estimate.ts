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

/** One reading of both levels, at `atMs` on the page's clock. */
export interface LevelReading {
  readonly atMs: number;
  readonly sent: number;
  readonly heard: number;
}

/**
 * The readings placed on a grid of `stepMs` by when they were taken: a busy
 * page's timer fires late and then twice at once, so the n-th reading is not
 * at n × step, and a delay counted in readings would change as the page got
 * busy. A cell keeps the loudest reading in it; a cell no timer fired in is
 * drawn between its neighbours.
 */
export function levelsOnGrid(readings: readonly LevelReading[], stepMs: number): { sent: number[]; heard: number[] } {
  const first = readings[0];
  const last = readings[readings.length - 1];
  if (!first || !last) return { sent: [], heard: [] };
  const cells = Math.floor((last.atMs - first.atMs) / stepMs) + 1;
  const sent: (number | undefined)[] = new Array<number | undefined>(cells).fill(undefined);
  const heard: (number | undefined)[] = new Array<number | undefined>(cells).fill(undefined);
  for (const reading of readings) {
    const cell = Math.min(cells - 1, Math.max(0, Math.floor((reading.atMs - first.atMs) / stepMs)));
    sent[cell] = Math.max(sent[cell] ?? 0, reading.sent);
    heard[cell] = Math.max(heard[cell] ?? 0, reading.heard);
  }
  return { sent: filledIn(sent), heard: filledIn(heard) };
}

/** Empty cells drawn on a straight line between the filled ones around them (the first and last cells are filled). */
function filledIn(cells: readonly (number | undefined)[]): number[] {
  const out: number[] = [];
  let before = 0;
  for (let i = 0; i < cells.length; i += 1) {
    const value = cells[i];
    if (value !== undefined) {
      out.push(value);
      before = i;
      continue;
    }
    let after = i + 1;
    while (after < cells.length && cells[after] === undefined) after += 1;
    const from = cells[before] ?? 0;
    const to = cells[after] ?? from;
    out.push(from + ((to - from) * (i - before)) / (after - before));
  }
  return out;
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
  // A periodic sound (beeps, a ringback) matches again one period later: the delay is the peak of the first
  // match nearly as good as the best (climbing to that match's own peak: a smoothed beep's match is broad).
  const top = Math.max(0, ...scores);
  let lag = scores.findIndex((score) => score >= top * NEAR_BEST);
  while (lag >= 0 && (scores[lag + 1] ?? -Infinity) > (scores[lag] ?? 0)) lag += 1;
  const best = { lag, score: scores[lag] ?? 0 };
  const confidence = Math.round(Math.max(0, best.score) * 100) / 100;
  return best.lag < 0 || confidence < MIN_CONFIDENCE ? { delayMs: null, confidence } : { delayMs: best.lag * stepMs, confidence };
}

/** Windows of the echo test the delay is told in, and how far apart they start. */
const WINDOW_MS = 3_000;
const WINDOW_EVERY_MS = 1_000;

/**
 * The delay heard when it may change during the test: a phone's jitter buffer grows its delay after a burst
 * of jitter and keeps it (a loaded machine's echo went from 100 to 360 ms halfway through), and no one lag
 * then matches the whole test. Told in 3 s windows a second apart: the delay is the median of the windows
 * that tell one (what the agent heard most of the test), none when fewer than half do; the confidence is
 * the median window's.
 */
export function estimateDelayOverTime(sent: readonly number[], heard: readonly number[], stepMs: number, maxDelayMs = 1_000): DelayEstimate {
  const n = Math.min(sent.length, heard.length);
  const size = Math.round(WINDOW_MS / stepMs);
  if (n <= size) return estimateDelay(sent, heard, stepMs, maxDelayMs);
  const windows: DelayEstimate[] = [];
  for (let start = 0; start + size <= n; start += Math.round(WINDOW_EVERY_MS / stepMs)) {
    windows.push(estimateDelay(sent.slice(start, start + size), heard.slice(start, start + size), stepMs, maxDelayMs));
  }
  const told = windows.flatMap((window) => (window.delayMs === null ? [] : [window.delayMs])).sort((a, b) => a - b);
  const confidences = windows.map((window) => window.confidence).sort((a, b) => a - b);
  const confidence = confidences[Math.floor(confidences.length / 2)] ?? 0;
  if (told.length * 2 < windows.length) return { delayMs: null, confidence };
  return { delayMs: told[Math.floor(told.length / 2)] ?? null, confidence };
}
