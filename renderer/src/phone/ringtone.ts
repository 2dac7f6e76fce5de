/**
 * A generated ringtone (no audio file to ship): two sine tones, 440 + 480 Hz,
 * two seconds on and four off, played through an <audio> element so it can go
 * to a chosen output device (setSinkId) apart from the call's speaker.
 * It stops by itself after `maxMs` in case nobody stops it.
 */
import type { Ringtone } from './media-port';

const ON_S = 2;
const CYCLE_S = 6;

export function startGeneratedRingtone(deviceId: string | null, maxMs = 120_000): Ringtone {
  const ctx = new AudioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0;
  const out = ctx.createMediaStreamDestination();
  gain.connect(out);
  for (const f of [440, 480]) {
    const osc = ctx.createOscillator();
    osc.frequency.value = f;
    osc.connect(gain);
    osc.start();
  }
  const cycles = Math.ceil(maxMs / 1000 / CYCLE_S);
  for (let i = 0; i < cycles; i++) {
    const t = ctx.currentTime + i * CYCLE_S;
    gain.gain.setValueAtTime(0.15, t);
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
