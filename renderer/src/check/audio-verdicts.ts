// Verdicts of the shift-start check's audio steps (echo call, microphone,
// speaker/ringer), pure. No figure without packets behind it: an echo call
// that got nothing back says "no audio path", never a MOS.
import type { CandidatePair, CheckStep } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import type { EchoFigures } from './echo-test';

/** MOS from which a call sounds good (ITU-T: "satisfied"), and below which it sounds bad. */
export const GOOD_MOS = 4.0;
export const BAD_MOS = 3.6;
/** Share of 20 ms samples with sound for the microphone to count as picking up (a beep or speech). */
export const MIC_ACTIVE_SHARE = 0.05;

type Params = Record<string, string>;
const say = (key: MessageKey, params: Params = {}) => ({ key, params });
const fixed = (value: number | null, digits: number): string => (value === null ? '—' : value.toFixed(digits));

export interface AudioWords {
  /** "TURN relay (TCP) ↔ direct address, UDP": a candidate pair in the agent's words. */
  readonly pair: (pair: CandidatePair) => string;
  readonly notReported: string;
  /** A share in percent as the language writes it: "3.3%" in English, "3.3 %" in Spanish. */
  readonly percent: (value: number) => string;
  readonly delay: (ms: number | null) => string;
  readonly quality: (kind: 'fair' | 'bad') => string;
}

export function echoStep(extension: string, echo: EchoFigures, words: AudioWords): CheckStep {
  const figures = {
    extension, listenedMs: echo.listenedMs, packetsBack: echo.packetsBack, lossBackPercent: echo.lossBackPercent, jitterBackMs: echo.jitterBackMs, mos: echo.mos,
    lossSentPercent: echo.lossSentPercent, jitterSentMs: echo.jitterSentMs, rttMs: echo.rttMs, delayMs: echo.delayMs, delayConfidence: echo.delayConfidence,
    pair: echo.pair ? `${echo.pair.local}/${echo.pair.relayProtocol ?? echo.pair.protocol} ↔ ${echo.pair.remote}` : null,
    status: echo.notConnected?.status ?? null,
  };
  const base = { id: 'echo' as const, figures };
  if (echo.notConnected) {
    const { status, detail } = echo.notConnected;
    if (status === 404) return { ...base, verdict: 'failed', say: say('check.echo.missing', { extension, status: '404' }), tellIt: say('check.echo.missing.it') };
    return { ...base, verdict: 'failed', say: say('check.echo.failed', { extension, detail }), tellIt: say('check.echo.failed.it', { extension, detail }) };
  }
  if (echo.packetsBack === 0 || echo.mos === null) return { ...base, verdict: 'failed', say: say('check.echo.noPath', { extension }), tellIt: say('check.echo.noPath.it') };
  const params = {
    extension, mos: echo.mos.toFixed(1), lossBack: fixed(echo.lossBackPercent, 1),
    lossSent: echo.lossSentPercent === null ? words.notReported : words.percent(echo.lossSentPercent),
    jitter: fixed(echo.jitterBackMs, 0), rtt: fixed(echo.rttMs, 0), delay: words.delay(echo.delayMs),
  };
  // The pair the call used: which of the network's paths a call takes (said after the figures).
  const cause = echo.pair ? say('check.echo.path', { path: words.pair(echo.pair) }) : say('check.echo.pathUnknown');
  if (echo.mos >= GOOD_MOS) return { ...base, verdict: 'passed', say: { ...say('check.echo.passed', params), cause }, tellIt: null };
  const quality = words.quality(echo.mos < BAD_MOS ? 'bad' : 'fair');
  return {
    ...base, verdict: echo.mos < BAD_MOS ? 'failed' : 'warning',
    say: { ...say('check.echo.poor', { ...params, quality }), cause },
    tellIt: say('check.echo.poor.it', { ...params, quality }),
  };
}

export function microphoneStep(echo: EchoFigures | null): CheckStep {
  if (!echo || echo.notConnected) return { id: 'microphone', verdict: 'skipped', say: say('check.microphone.skipped'), tellIt: null, figures: {} };
  const figures = { peak: echo.micPeak, activeShare: echo.micActive };
  if (echo.micActive < MIC_ACTIVE_SHARE) return { id: 'microphone', verdict: 'failed', say: say('check.microphone.silent'), tellIt: say('check.microphone.silent.it'), figures };
  return { id: 'microphone', verdict: 'passed', say: say('check.microphone.passed', { peak: echo.micPeak.toFixed(2) }), tellIt: null, figures };
}

export function speakerStep(heard: boolean | null): CheckStep {
  if (heard === null) return { id: 'speaker', verdict: 'skipped', say: say('check.speaker.skipped'), tellIt: null, figures: {} };
  return heard
    ? { id: 'speaker', verdict: 'passed', say: say('check.speaker.passed'), tellIt: null, figures: { heard } }
    : { id: 'speaker', verdict: 'failed', say: say('check.speaker.failed'), tellIt: say('check.speaker.failed.it'), figures: { heard } };
}
