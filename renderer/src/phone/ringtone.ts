/**
 * A generated ringtone (no audio file to ship), played through an <audio>
 * element so it can go to a chosen output device (setSinkId) apart from the
 * call's speaker. `ring`: two sine tones, 440 + 480 Hz, two seconds on and
 * four off. `waiting` (call waiting, heard over a live call): one soft 440 Hz
 * beep of 0.3 s every 3 s. It stops by itself after `maxMs` in case nobody
 * stops it.
 */
import type { RingKind, Ringtone } from './media-port';

const PATTERNS: Record<RingKind, { tones: number[]; onS: number; cycleS: number; level: number }> = {
  ring: { tones: [440, 480], onS: 2, cycleS: 6, level: 0.15 },
  waiting: { tones: [440], onS: 0.3, cycleS: 3, level: 0.05 },
};

export function startGeneratedRingtone(deviceId: string | null, kind: RingKind = 'ring', maxMs = 120_000): Ringtone {
  const { tones, onS: ON_S, cycleS: CYCLE_S, level } = PATTERNS[kind];
  const ctx = new AudioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0;
  const out = ctx.createMediaStreamDestination();
  gain.connect(out);
  for (const f of tones) {
    const osc = ctx.createOscillator();
    osc.frequency.value = f;
    osc.connect(gain);
    osc.start();
  }
  const cycles = Math.ceil(maxMs / 1000 / CYCLE_S);
  for (let i = 0; i < cycles; i++) {
    const t = ctx.currentTime + i * CYCLE_S;
    gain.gain.setValueAtTime(level, t);
    gain.gain.setValueAtTime(0, t + ON_S);
  }
  const audio = new Audio();
  audio.srcObject = out.stream;
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearTimeout(limit);
    audio.pause();
    audio.srcObject = null;
    void ctx.close();
  };
  const limit = setTimeout(stop, maxMs);
  void (async () => {
    try {
      if (deviceId) await audio.setSinkId(deviceId);
      await audio.play();
    } catch (err) {
      console.warn('phone: the ringtone could not play', err);
    }
  })();
  return { stop };
}
