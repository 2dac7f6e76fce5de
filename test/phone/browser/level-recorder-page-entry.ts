// Bundled for Chromium by level-recorder-chromium.test.ts: the echo test's level recording
// (renderer/src/check/level-recorder.ts) of a "microphone" that beeps (40 ms every 500 ms) and
// of what "comes back": the same beeps through a DelayNode of a known delay. While it records,
// the page's main thread is kept busy for `stallMs` every second, as a loaded machine does to a
// page. The page also samples both levels the way the echo test once did (a 20 ms timer reading
// two small analysers), for comparison.
import { estimateDelay, levelsOnGrid, type LevelReading } from '../../../renderer/src/check/delay-estimate';
import { recordLevels } from '../../../renderer/src/check/level-recorder';
import { rmsReader } from '../../../renderer/src/audio/track-level';

export interface LevelRecorderResult {
  readonly recorded: { delayMs: number | null; confidence: number; blocks: number };
  readonly timerSampled: { delayMs: number | null; confidence: number; readings: number };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function run(delayMs: number, stallMs: number, seconds: number): Promise<LevelRecorderResult> {
  const world = new AudioContext({ sampleRate: 48_000 });
  const tone = world.createOscillator();
  tone.frequency.value = 800;
  const gate = world.createGain();
  gate.gain.value = 0;
  const start = world.currentTime + 0.1;
  for (let beep = 0; beep < seconds * 2 + 4; beep += 1) {
    gate.gain.setValueAtTime(0.5, start + beep * 0.5);
    gate.gain.setValueAtTime(0, start + beep * 0.5 + 0.04);
  }
  tone.connect(gate);
  tone.start();
  const microphone = world.createMediaStreamDestination();
  gate.connect(microphone);
  const delay = world.createDelay(2);
  delay.delayTime.value = delayMs / 1_000;
  const back = world.createMediaStreamDestination();
  gate.connect(delay).connect(back);
  await world.resume();
  const micTrack = microphone.stream.getAudioTracks()[0];
  if (!micTrack) throw new Error('no microphone track');

  // The old way, on the same page at the same time: a timer reading two small analysers.
  const meters = new AudioContext();
  const meter = (stream: MediaStream): (() => number) => {
    const analyser = meters.createAnalyser();
    analyser.fftSize = 1024;
    meters.createMediaStreamSource(stream).connect(analyser);
    return rmsReader(analyser);
  };
  const sentLevel = meter(microphone.stream);
  const heardLevel = meter(back.stream);
  await meters.resume();
  const sampled: LevelReading[] = [];
  const sampler = setInterval(() => sampled.push({ atMs: performance.now(), sent: sentLevel(), heard: heardLevel() }), 20);

  const recording = recordLevels(micTrack, back.stream, 20);
  const until = performance.now() + seconds * 1_000;
  while (performance.now() < until) {
    await sleep(1_000 - stallMs);
    const stalled = performance.now() + stallMs;
    while (performance.now() < stalled) {
      // The page is busy: no timer, no event, nothing else of the page's runs.
    }
  }
  const readings = recording.stop();
  clearInterval(sampler);
  const grid = levelsOnGrid(readings, 20);
  const recorded = estimateDelay(grid.sent, grid.heard, 20);
  const timerGrid = levelsOnGrid(sampled, 20);
  const timerSampled = estimateDelay(timerGrid.sent, timerGrid.heard, 20);
  await world.close();
  await meters.close();
  return {
    recorded: { ...recorded, blocks: readings.length },
    timerSampled: { ...timerSampled, readings: sampled.length },
  };
}

const levelRecorderPage = { run };

declare global {
  interface Window {
    levelRecorderPage: typeof levelRecorderPage;
  }
}
window.levelRecorderPage = levelRecorderPage;
