// Which voice a recording holds: the level of a band around each test tone
// (the tones wander ±150 Hz, so a band of single-frequency Goertzel filters
// 25 Hz apart covers each), at 8 kHz.

/** RMS-like level of the band `hz` ± `widthHz` in `samples` (8 kHz). */
export function bandLevel(samples: Float32Array, hz: number, widthHz = 200, rate = 8_000): number {
  if (samples.length === 0) return 0;
  let power = 0;
  for (let f = hz - widthHz; f <= hz + widthHz; f += 25) {
    const coefficient = 2 * Math.cos((2 * Math.PI * f) / rate);
    let s1 = 0;
    let s2 = 0;
    for (const sample of samples) {
      const s0 = sample + coefficient * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    power += s1 * s1 + s2 * s2 - coefficient * s1 * s2;
  }
  return Math.sqrt(power) / samples.length;
}

/** The last `ms` of an 8 kHz recording. */
export function lastMs(samples: Float32Array, ms: number, rate = 8_000): Float32Array {
  return samples.subarray(Math.max(0, samples.length - Math.round((rate * ms) / 1_000)));
}
