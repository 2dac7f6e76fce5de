// bench/headset-unplug: the chosen headset (microphone and speaker) unplugged
// mid-call on real PulseAudio devices (test/e2e/pulse-audio.ts), N times,
// with and without the system moving the streams itself (PulseAudio's stream
// rescue on: the baseline of the same run; off: only the app's own fallback
// keeps the call). Per unplug: the notice (unplug → the panel says so, which
// includes the app's once-a-second device list), the customer's gap (the
// longest silence the simulator's customer heard, a time without packets
// heard as silence: simulator/media/recent-audio.ts), and the agent's gap (the headset's monitor stops → the built-in
// speaker's monitor plays). The headset is plugged back and switched back in
// one click each time. "speakerNeverBack" counts unplugs after which the
// built-in speaker stayed silent for SPEAKER_WINDOW_MS; a gap of a few ms below 0 (streams moved) means the
// speaker sounded before pactl returned. Target (issue 25): audio on the next device within 1 s
// of the page learning of the change; the notice time says when that was.
// Usage: npx tsx bench/headset-unplug.ts [--unplugs 20] [--modes stays,moves]
import { parseArgs } from 'node:util';
import { customerHeard, dialFromPad, until } from '../test/e2e/calls-kit';
import { startSignedIn } from '../test/e2e/harness';
import { firstSoundAfterMs, LABELS, longestSilenceMs, startPulseAudio } from '../test/e2e/pulse-audio';
import { chooseDevicesByLabel, customerHearsWhich, headsetSilentFromMs } from '../test/e2e/unplug-kit';
import { machine } from './lib/machine';
import { emitResult, printTable } from './lib/report';
import { percentile, round } from './lib/stats';

const BENCH = 'headset-unplug';
/** How long after the unplug the built-in speaker's monitor is listened to. */
const SPEAKER_WINDOW_MS = 5_000;
const { values } = parseArgs({ options: { unplugs: { type: 'string', default: '20' }, modes: { type: 'string', default: 'moves,stays' } } });
const UNPLUGS = Math.max(1, Math.min(100, Math.round(Number(values.unplugs)) || 20));
const MODES = values.modes.split(',').filter((mode): mode is 'moves' | 'stays' => mode === 'moves' || mode === 'stays');

interface Unplug {
  noticeMs: number;
  customerGapMs: number;
  speakerGapMs: number | null;
}

async function runMode(mode: 'moves' | 'stays'): Promise<Unplug[]> {
  const pulse = await startPulseAudio({ moveStreams: mode === 'moves' });
  const app = await startSignedIn({ realAudio: { env: pulse.env } }).catch(async (error: unknown) => {
    await pulse.close();
    throw error;
  });
  const results: Unplug[] = [];
  try {
    const { page } = app;
    await chooseDevicesByLabel(page, { microphone: LABELS.headsetMic, speaker: LABELS.headsetSpeaker, ringer: LABELS.headsetSpeaker });
    const call = await dialFromPad(app, '099555900');
    await until(async () => (await customerHearsWhich(app, call.guid)) === 'headset', 'the customer hears the headset', 20_000);
    for (let i = 0; i < UNPLUGS; i += 1) {
      const onHeadset = pulse.record('headset');
      const onBuiltin = pulse.record('builtin');
      await new Promise((done) => setTimeout(done, 800));
      pulse.unplugHeadset();
      const unpluggedAt = Date.now();
      await page.locator('[data-testid=device-notice-microphone][data-change=lost]').waitFor({ timeout: 10_000 });
      const noticeMs = Date.now() - unpluggedAt;
      // heard.wav holds the last 3 s, a time without packets in it as silence: taken 2.5 s after the unplug it spans it.
      await new Promise((done) => setTimeout(done, Math.max(0, 2_500 - (Date.now() - unpluggedAt))));
      const heard = await customerHeard(app, call.guid);
      // The speaker's monitor a while longer: a late return is measured, not counted as never.
      await new Promise((done) => setTimeout(done, Math.max(0, SPEAKER_WINDOW_MS - (Date.now() - unpluggedAt))));
      const headsetUntilMs = headsetSilentFromMs(await onHeadset.stop(), unpluggedAt, onBuiltin);
      const speakerGapMs = firstSoundAfterMs(await onBuiltin.stop(), headsetUntilMs);
      const unplug = { noticeMs, customerGapMs: longestSilenceMs(heard), speakerGapMs: speakerGapMs === null ? null : round(speakerGapMs, 0) };
      results.push(unplug);
      emitResult(BENCH, { kind: 'unplug', mode, run: i + 1, ...unplug });
      pulse.plugHeadset();
      await page.getByTestId('switch-back-microphone').click({ timeout: 10_000 });
      await page.getByTestId('switch-back-speaker-ringer').click({ timeout: 10_000 });
      await until(async () => (await customerHearsWhich(app, call.guid)) === 'headset', 'the customer hears the headset again', 20_000);
    }
    await page.getByTestId('hang-up').click();
  } finally {
    await app.close();
    await pulse.close();
  }
  return results;
}

const summary: Record<string, string | number | null>[] = [];
emitResult(BENCH, machine());
for (const mode of MODES) {
  const runs = await runMode(mode);
  const of = (pick: (u: Unplug) => number | null) => runs.map(pick).filter((v): v is number => v !== null);
  const speaker = of((u) => u.speakerGapMs);
  const row = {
    kind: 'summary',
    mode,
    unplugs: runs.length,
    noticeP50ms: percentile(of((u) => u.noticeMs), 50),
    noticeP95ms: percentile(of((u) => u.noticeMs), 95),
    customerGapP50ms: percentile(of((u) => u.customerGapMs), 50),
    customerGapP95ms: percentile(of((u) => u.customerGapMs), 95),
    speakerGapP50ms: speaker.length ? percentile(speaker, 50) : null,
    speakerGapP95ms: speaker.length ? percentile(speaker, 95) : null,
    speakerNeverBack: runs.length - speaker.length,
  };
  emitResult(BENCH, row);
  summary.push(row);
}
printTable(`headset unplugged mid-call, ${UNPLUGS} times per mode (moves: PulseAudio rescues streams; stays: only the app moves them)`, summary);
