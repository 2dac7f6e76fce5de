// The agent's microphone for bench/conference: a WAV file Chromium's fake
// capture device plays in a loop (`--use-file-for-fake-audio-capture`), so
// the microphone delivers clicks in real time on its own clock, as a headset
// would deliver speech: an 800 Hz burst of 40 ms every 250 ms, silence
// between (a sharp onset each time, and 210 ms of quiet before it).

import { wavOf } from '../../simulator/media/recent-audio';

/** A mono 16-bit 48 kHz WAV of `seconds` of clicks. */
export function clickWav(seconds: number): Buffer {
  const rate = 48_000;
  const period = rate / 4;
  const burst = (rate * 40) / 1_000;
  const samples = Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => {
    const t = i % period;
    return Math.round((t < burst ? 0.5 * Math.sin((2 * Math.PI * 800 * t) / rate) : 0) * 32_767);
  });
  return wavOf(samples, rate);
}
