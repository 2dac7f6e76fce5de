// What an agent's page plays to the agent, told apart by voice. The phone
// plays each call's received audio in an <audio> element of its own (a muted
// party's element muted), so the probe notes every stream handed to a media
// element from its installation on, and measures the ones playing: their sum
// is what the agent hears. Test instrumentation only, run in the page's world
// before the calls it measures start.
import type { Page } from 'playwright-core';

interface ProbeWindow {
  __hearingProbe?: Set<HTMLMediaElement>;
}

/** From now on, every media element given a stream in `page` is remembered. */
export async function installHearingProbe(page: Page): Promise<void> {
  await page.evaluate(watchMediaElements);
}

/** The same, and again in every page loaded from now on, before its scripts run (a reloaded page takes its calls back at once). */
export async function installHearingProbeOnLoad(page: Page): Promise<void> {
  await page.addInitScript(watchMediaElements);
  await installHearingProbe(page);
}

function watchMediaElements(): void {
  const w = window as unknown as ProbeWindow;
  if (w.__hearingProbe) return;
  const elements = new Set<HTMLMediaElement>();
  w.__hearingProbe = elements;
  const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
  if (!original?.set || !original.get) throw new Error('HTMLMediaElement has no srcObject accessor to watch');
  const { get, set } = original;
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return get.call(this) as MediaProvider | null;
    },
    set(this: HTMLMediaElement, value: MediaProvider | null) {
      if (value) elements.add(this);
      set.call(this, value);
    },
  });
}

export interface HeardVoices {
  /** RMS of what the agent hears (all playing, unmuted elements summed). */
  level: number;
  /** Each asked frequency's level: the RMS of its band (±bandHz), whatever else plays. */
  voices: Record<number, number>;
  /** Every element given a stream, as it was when measured ("playing" or why not; its audio tracks' states): what a failing run prints. */
  elements: string[];
  /**
   * How much audio the probe's own AudioContext rendered while it listened, against the time it listened (ms):
   * a context that rendered far less than it listened (a starved page) read silence it did not hear.
   */
  renderedMs: number;
  listenedMs: number;
}

/**
 * Listens for `ms` to what the page plays and measures each voice's band
 * (a voice with vibrato wanders ±60 Hz: a ±100 Hz band holds it).
 */
export async function voicesHeard(page: Page, frequencies: number[], ms = 2_000, bandHz = 100): Promise<HeardVoices> {
  // A probe whose context rendered under 80 % of the time it listened (a starved page) read silence it never
  // heard: it listens again, at most three times in all, and the last reading (with its figures) is the answer.
  let heard = await listenOnce(page, frequencies, ms, bandHz);
  for (let attempt = 1; attempt < 3 && heard.renderedMs < 0.8 * heard.listenedMs; attempt += 1) heard = await listenOnce(page, frequencies, ms, bandHz);
  return heard;
}

async function listenOnce(page: Page, frequencies: number[], ms: number, bandHz: number): Promise<HeardVoices> {
  return page.evaluate(
    async ({ frequencies, ms, bandHz }) => {
      const elements = (window as unknown as ProbeWindow).__hearingProbe;
      if (!elements) throw new Error('installHearingProbe was not run in this page');
      const ctx = new AudioContext();
      await ctx.resume();
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 8_192;
      analyser.smoothingTimeConstant = 0;
      const sources: MediaStreamAudioSourceNode[] = [];
      const states = [...elements].map((element) => {
        const stream = element.srcObject;
        const tracks = stream instanceof MediaStream ? stream.getAudioTracks().map((t) => `${t.readyState}${t.muted ? ' muted' : ''}`) : [];
        const state = !(stream instanceof MediaStream) ? 'no stream' : element.paused ? 'paused' : element.muted ? 'muted' : 'playing';
        return `${state} [${tracks.join(', ')}]`;
      });
      for (const element of elements) {
        const stream = element.srcObject;
        if (!(stream instanceof MediaStream) || element.muted || element.paused) continue;
        if (!stream.getAudioTracks().some((track) => track.readyState === 'live')) continue;
        const source = ctx.createMediaStreamSource(stream);
        source.connect(analyser);
        sources.push(source);
      }
      // The context must be rendering before it is read (bounded: 5 s), or the first rounds read its silence.
      const renderingBy = performance.now() + 5_000;
      while (ctx.currentTime === 0 && performance.now() < renderingBy) await new Promise((done) => setTimeout(done, 20));
      const renderedFrom = ctx.currentTime;
      const listenedFrom = performance.now();
      const spectrum = new Float32Array(analyser.frequencyBinCount);
      const power = new Float64Array(analyser.frequencyBinCount);
      const wave = new Float32Array(analyser.fftSize);
      let squares = 0;
      let samples = 0;
      const rounds = Math.max(1, Math.round(ms / 100));
      for (let round = 0; round < rounds; round += 1) {
        await new Promise((done) => setTimeout(done, 100));
        analyser.getFloatFrequencyData(spectrum);
        for (let bin = 0; bin < spectrum.length; bin += 1) power[bin]! += 10 ** (spectrum[bin]! / 10);
        analyser.getFloatTimeDomainData(wave);
        for (const sample of wave) squares += sample * sample;
        samples += wave.length;
      }
      const renderedMs = (ctx.currentTime - renderedFrom) * 1_000;
      const listenedMs = performance.now() - listenedFrom;
      for (const source of sources) source.disconnect();
      await ctx.close();
      const binHz = ctx.sampleRate / analyser.fftSize;
      let total = 0;
      for (const p of power) total += p;
      const level = samples > 0 ? Math.sqrt(squares / samples) : 0;
      const voices: Record<number, number> = {};
      for (const frequency of frequencies) {
        let band = 0;
        for (let bin = Math.ceil((frequency - bandHz) / binHz); bin * binHz <= frequency + bandHz; bin += 1) band += power[bin] ?? 0;
        voices[frequency] = total > 0 ? level * Math.sqrt(band / total) : 0;
      }
      return { level, voices, elements: states, renderedMs, listenedMs };
    },
    { frequencies, ms, bandHz },
  );
}
