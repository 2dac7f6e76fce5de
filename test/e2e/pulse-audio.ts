// A PulseAudio daemon of the test's own with "real" devices for Chromium
// (/work/shared/webrtc-notes.md, "Real audio devices in tests"): a built-in
// speaker and microphone, a USB-headset-like pair that can be unplugged and
// plugged back (unloading/loading their modules, as a hot-plug does), and a
// microphone that delivers only silence. Each microphone speaks a tone of its
// own with a slow vibrato (Chromium's noise suppression removes a steady
// sine), so what the customer hears says which microphone is live.
// `moveStreams: false` starts the daemon with `rescue-streams = no` (in
// PulseAudio 16 stream rescue is in its core) and without
// module-stream-restore or module-switch-on-connect: nothing but the app
// moves a stream when its device goes. Everything runs under a temp folder
// and is stopped by close().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TONE = { builtin: 1_500, headset: 700 } as const;
export const LABELS = {
  builtinSpeaker: 'Built-in Speaker',
  builtinMic: 'Built-in Microphone',
  headsetSpeaker: 'USB Headset',
  headsetMic: 'USB Headset Microphone',
  silentMic: 'Silent Microphone',
} as const;
const RATE = 16_000;
/** Bounded tones: longer than any test that uses them. */
const TONE_SECONDS = 240;

export interface PulseAudio {
  /** What Chromium (and pactl) need to reach this daemon. */
  readonly env: Record<string, string>;
  pactl(...args: string[]): string;
  /** Takes the headset's speaker and microphone away (unloads their modules); returns when pactl returned. */
  unplugHeadset(): void;
  /** Plugs it in (again); nothing when it is in. */
  plugHeadset(): void;
  /** Records a sink's monitor (what plays on that output) until stop(): 8 kHz mono, -1..1, from the moment it started. */
  record(sink: 'builtin' | 'headset'): Recording;
  close(): Promise<void>;
}

export interface Recording {
  readonly startedAt: number;
  stop(): Promise<Float32Array>;
}

/** A module argument naming the device as Chromium will list it (quoted twice: module arguments, then the property list). */
function described(kind: 'sink' | 'source', label: string): string {
  return `${kind}_properties='device.description="${label}"'`;
}

function toneFile(path: string, hz: number): void {
  const samples = Buffer.alloc(RATE * TONE_SECONDS * 2);
  let phase = 0;
  for (let i = 0; i < RATE * TONE_SECONDS; i += 1) {
    const frequency = hz + 150 * Math.sin((2 * Math.PI * 0.5 * i) / RATE);
    phase += (2 * Math.PI * frequency) / RATE;
    samples.writeInt16LE(Math.round(0.4 * 32_767 * Math.sin(phase)), i * 2);
  }
  writeFileSync(path, samples);
}

export async function startPulseAudio({ moveStreams }: { moveStreams: boolean }): Promise<PulseAudio> {
  if (!existsSync('/usr/bin/pulseaudio') || !existsSync('/usr/bin/pactl')) throw new Error('These tests need PulseAudio: apt-get install -y pulseaudio pulseaudio-utils');
  const dir = mkdtempSync(join(tmpdir(), 'softphone-pulse-'));
  const socket = join(dir, 'pulse.sock');
  mkdirSync(join(dir, 'home'));
  writeFileSync(join(dir, 'daemon.conf'), `rescue-streams = ${moveStreams ? 'yes' : 'no'}\nflat-volumes = no\n`);
  writeFileSync(
    join(dir, 'default.pa'),
    [
      `load-module module-native-protocol-unix auth-anonymous=1 socket=${socket}`,
      `load-module module-null-sink sink_name=builtin ${described('sink', LABELS.builtinSpeaker)}`,
      `load-module module-null-sink sink_name=builtin_feed ${described('sink', 'feed-builtin')}`,
      `load-module module-remap-source master=builtin_feed.monitor source_name=builtin_mic ${described('source', LABELS.builtinMic)}`,
      `load-module module-null-sink sink_name=headset_feed ${described('sink', 'feed-headset')}`,
      // module-null-source takes its name as `description`, not as properties.
      `load-module module-null-source source_name=silent_mic description='${LABELS.silentMic}'`,
      'set-default-sink builtin',
      'set-default-source builtin_mic',
      '',
    ].join('\n'),
  );
  const env: Record<string, string> = {
    PULSE_SERVER: `unix:${socket}`,
    PULSE_CONFIG: join(dir, 'daemon.conf'),
    XDG_RUNTIME_DIR: dir,
    XDG_CONFIG_HOME: dir,
    HOME: join(dir, 'home'),
  };
  const children: ChildProcess[] = [];
  const daemon = spawn('pulseaudio', ['--daemonize=no', '--exit-idle-time=-1', '--system=false', '-n', '-F', join(dir, 'default.pa'), '--log-target=stderr'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(daemon);
  let log = '';
  daemon.stderr?.on('data', (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-4_000)));
  const pactl = (...args: string[]): string => {
    const run = spawnSync('pactl', args, { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 5_000 });
    if (run.status !== 0) throw new Error(`pactl ${args.join(' ')} failed: ${run.stderr.trim()}\n${log}`);
    return run.stdout.trim();
  };
  const close = async (): Promise<void> => {
    for (const child of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 200));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let tries = 0; ; tries += 1) {
      if (spawnSync('pactl', ['info'], { env: { ...process.env, ...env }, timeout: 2_000 }).status === 0) break;
      if (tries > 50 || daemon.exitCode !== null) throw new Error(`PulseAudio did not start: ${log}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    for (const [feed, hz] of [['builtin_feed', TONE.builtin], ['headset_feed', TONE.headset]] as const) {
      const file = join(dir, `${feed}.raw`);
      toneFile(file, hz);
      children.push(spawn('pacat', [`--device=${feed}`, '--format=s16le', `--rate=${RATE}`, '--channels=1', '--raw', file], { env: { ...process.env, ...env }, stdio: 'ignore' }));
    }
    let headsetModules: string[] = [];
    const plugHeadset = (): void => {
      if (headsetModules.length > 0) return;
      headsetModules = [
        pactl('load-module', 'module-null-sink', 'sink_name=headset', described('sink', LABELS.headsetSpeaker)),
        pactl('load-module', 'module-remap-source', 'master=headset_feed.monitor', 'source_name=headset_mic', described('source', LABELS.headsetMic)),
      ];
    };
    const unplugHeadset = (): void => {
      for (const module of headsetModules.splice(0)) pactl('unload-module', module);
    };
    plugHeadset();
    const record = (sink: 'builtin' | 'headset'): Recording => {
      const parec = spawn('parec', [`--device=${sink}.monitor`, '--format=s16le', '--rate=8000', '--channels=1', '--raw', '--latency-msec=10'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
      children.push(parec);
      const chunks: Buffer[] = [];
      parec.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Its output ends by itself when the device goes away: waited for from the start, not missed.
      const ended = new Promise((done) => parec.stdout?.once('close', done));
      const startedAt = Date.now();
      return {
        startedAt,
        async stop() {
          if (parec.exitCode === null && parec.signalCode === null) parec.kill('SIGTERM');
          await ended;
          const bytes = Buffer.concat(chunks);
          const samples = new Float32Array(Math.floor(bytes.length / 2));
          for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2) / 32_768;
          return samples;
        },
      };
    };
    return { env, pactl, unplugHeadset, plugHeadset, record, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** RMS of each `windowMs` of 8 kHz samples. */
export function windowLevels(samples: Float32Array, windowMs = 20, rate = 8_000): number[] {
  const size = Math.round((rate * windowMs) / 1_000);
  const levels: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i += 1) sum += samples[i]! * samples[i]!;
    levels.push(Math.sqrt(sum / size));
  }
  return levels;
}

/** The longest run of windows below `silence`, in ms (the gap the listener heard). */
export function longestSilenceMs(samples: Float32Array, silence = 0.01, windowMs = 20): number {
  let longest = 0;
  let run = 0;
  for (const level of windowLevels(samples, windowMs)) {
    run = level < silence ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest * windowMs;
}

/** The ms from `fromMs` (into the samples) to the first window with sound, or null if none. */
export function firstSoundAfterMs(samples: Float32Array, fromMs: number, silence = 0.01, windowMs = 20): number | null {
  const levels = windowLevels(samples, windowMs);
  for (let i = Math.max(0, Math.floor(fromMs / windowMs)); i < levels.length; i += 1) if (levels[i]! >= silence) return i * windowMs - fromMs;
  return null;
}
