// The echo test of the shift-start check: a call to the PBX's echo extension
// through the phone's own registration (Phone.placeEchoCall), listened to for
// a few seconds. While it lasts the microphone's level and the level of what
// comes back are recorded in 20 ms blocks on the audio clock (level-recorder.ts;
// the round-trip delay heard is the lag between the two, delay-estimate.ts); at
// the end getStats says what arrived (loss, jitter, MOS from our side), what
// the platform reported of what we
// sent (its RTCP receiver report: loss and jitter the other way), the round
// trip and the candidate pair the call used. Hung up at the end, on cancel,
// and on failure; never longer than its bounds.
import type { CandidatePair } from '../../../common/ipc-contract';
import type { Phone, PhoneCall } from '../phone';
import { qualityBetween, snapshotFromStats } from '../phone/quality/rtp-quality';
import { estimateDelayOverTime, levelsOnGrid } from './delay-estimate';
import { recordLevels } from './level-recorder';

export const LEVEL_STEP_MS = 20;

export interface EchoFigures {
  /** Why the call did not connect (SIP status or plain words), or null when it did. */
  readonly notConnected: { readonly status: number | null; readonly detail: string } | null;
  readonly listenedMs: number;
  /** What came back: packets, loss, jitter, MOS (null without packets). */
  readonly packetsBack: number;
  readonly lossBackPercent: number | null;
  readonly jitterBackMs: number | null;
  readonly mos: number | null;
  /** What the platform reported of our audio (RTCP receiver report); null when it reported nothing. */
  readonly lossSentPercent: number | null;
  readonly jitterSentMs: number | null;
  readonly rttMs: number | null;
  readonly delayMs: number | null;
  /** How well the two level envelopes matched at that delay (0…1). */
  readonly delayConfidence: number;
  readonly micPeak: number;
  /** Share of 20 ms samples in which the microphone carried sound (level above 0.01). */
  readonly micActive: number;
  readonly pair: CandidatePair | null;
}

export interface EchoTestOptions {
  readonly connectMs?: number;
  readonly listenMs?: number;
  readonly signal: AbortSignal;
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

async function connected(call: PhoneCall, connectMs: number, signal: AbortSignal): Promise<EchoFigures['notConnected']> {
  const deadline = Date.now() + connectMs;
  while (Date.now() < deadline && !signal.aborted) {
    const state = call.state;
    if (state.kind === 'active') return null;
    if (state.kind === 'ended') return { status: state.failure?.status ?? null, detail: state.detail ?? state.cause };
    await sleep(50, signal);
  }
  return { status: null, detail: signal.aborted ? 'stopped' : `no answer within ${Math.round(connectMs / 1000)} s` };
}

const remoteInbound = (report: RTCStatsReport | null): { loss: number | null; jitter: number | null } => {
  let loss: number | null = null;
  let jitter: number | null = null;
  report?.forEach((stat: Record<string, unknown>) => {
    if (stat['type'] !== 'remote-inbound-rtp' || stat['kind'] !== 'audio') return;
    if (typeof stat['fractionLost'] === 'number') loss = Math.round(stat['fractionLost'] * 1000) / 10;
    if (typeof stat['jitter'] === 'number') jitter = Math.round(stat['jitter'] * 10_000) / 10;
  });
  return { loss, jitter };
};

export async function runEchoTest(phone: Phone, extension: string, options: EchoTestOptions): Promise<EchoFigures> {
  const listenMs = options.listenMs ?? 10_000;
  const none = { listenedMs: 0, packetsBack: 0, lossBackPercent: null, jitterBackMs: null, mos: null, lossSentPercent: null, jitterSentMs: null, rttMs: null, delayMs: null, delayConfidence: 0, micPeak: 0, micActive: 0, pair: null };
  const call = phone.placeEchoCall(extension);
  try {
    const notConnected = await connected(call, options.connectMs ?? 5_000, options.signal);
    if (notConnected) return { ...none, notConnected };
    const first = snapshotFromStats((await call.statsReport()) ?? [], Date.now());
    const started = Date.now();
    const media = call.conferenceMedia();
    const recording = media ? recordLevels(media.microphone, media.remote, LEVEL_STEP_MS) : null;
    await sleep(listenMs, options.signal);
    const readings = recording?.stop() ?? [];
    const report = await call.statsReport();
    const last = snapshotFromStats(report ?? [], Date.now());
    const back = qualityBetween(first, last);
    const theirs = remoteInbound(report);
    const { sent, heard } = levelsOnGrid(readings, LEVEL_STEP_MS);
    const delay = estimateDelayOverTime(sent, heard, LEVEL_STEP_MS);
    return {
      notConnected: null,
      listenedMs: Date.now() - started,
      packetsBack: back.packetsInInterval,
      lossBackPercent: back.lossPercent,
      jitterBackMs: back.jitterMs,
      mos: back.mos,
      lossSentPercent: theirs.loss,
      jitterSentMs: theirs.jitter,
      rttMs: back.rttMs,
      delayMs: delay.delayMs,
      delayConfidence: delay.confidence,
      micPeak: Math.round(Math.max(0, ...readings.map((reading) => reading.sent)) * 1000) / 1000,
      micActive: readings.length === 0 ? 0 : Math.round((readings.filter((reading) => reading.sent > 0.01).length / readings.length) * 100) / 100,
      pair: last.pair,
    };
  } finally {
    await call.hangUp().catch(() => undefined);
  }
}
