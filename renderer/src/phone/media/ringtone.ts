/**
 * A generated ringtone (no audio file to ship), played through an <audio>
 * element so it can go to a chosen output device (setSinkId) apart from the
 * call's speaker. `ring`: the agent's choice of four (classic: 440 + 480 Hz,
 * two seconds on and four off), at the chosen volume.
 * `waiting` (call waiting, heard over a live call): one soft 440 Hz
 * beep of 0.3 s every 3 s. `ringback` (the far end of the agent's own
 * call rings): the classic cadence, softly, on the call's speaker. It stops
 * by itself after `maxMs` in case nobody stops it.
 */
import type { RingKind, Ringtone } from './media-port';

interface Pattern {
  readonly tones: number[];
  /** [on, off] seconds within each cycle. */
  readonly bursts: [number, number][];
  readonly cycleS: number;
  readonly level: number;
}

/** The ringtones the agent can choose (settings); `classic` by default. */
export const RINGTONES = ['classic', 'double', 'chime', 'beeps'] as const;
export type RingtoneName = (typeof RINGTONES)[number];

const RINGS: Record<RingtoneName, Pattern> = {
  classic: { tones: [440, 480], bursts: [[0, 2]], cycleS: 6, level: 0.15 },
  double: { tones: [400, 450], bursts: [[0, 0.4], [0.6, 1]], cycleS: 3, level: 0.15 },
  chime: { tones: [660, 990], bursts: [[0, 0.6]], cycleS: 2.5, level: 0.12 },
  beeps: { tones: [1000], bursts: [[0, 0.15], [0.3, 0.45], [0.6, 0.75]], cycleS: 2.2, level: 0.1 },
};
const WAITING: Pattern = { tones: [440], bursts: [[0, 0.3]], cycleS: 3, level: 0.05 };
/** The ringback an agent's own call plays while the far end rings (ITU/North American: 440 + 480 Hz, 2 s on, 4 s off). */
const RINGBACK: Pattern = { tones: [440, 480], bursts: [[0, 2]], cycleS: 6, level: 0.06 };

/** The agent's ringer choice (settings), applied from the next ring on. */
let ringer: { tone: RingtoneName; volume: number } = { tone: 'classic', volume: 80 };
export function setRingerPreferences(next: { tone: RingtoneName; volume: number }): void {
  ringer = { tone: next.tone, volume: Math.min(100, Math.max(0, next.volume)) };
}

export function startGeneratedRingtone(deviceId: string | null, kind: RingKind = 'ring', maxMs = 120_000): Ringtone {
  const pattern = kind === 'waiting' ? WAITING : kind === 'ringback' ? RINGBACK : RINGS[ringer.tone];
  const { tones, bursts, cycleS: CYCLE_S } = pattern;
  // 80 % (the default) plays the tone at its designed level; the call-waiting beep and the ringback keep their own.
  const level = kind === 'ring' ? (pattern.level * ringer.volume) / 80 : pattern.level;
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
    for (const [on, off] of bursts) {
      gain.gain.setValueAtTime(level, t + on);
      gain.gain.setValueAtTime(0, t + off);
    }
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
  return {
    stop,
    // '' is Chromium's system default; a sink that went away leaves the element silent until told another.
    moveTo: (id) => (stopped ? Promise.resolve() : audio.setSinkId(id ?? '')),
  };
}
