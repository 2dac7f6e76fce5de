// The shift-start check's automatic steps (issue 26), at most CHECK_BUDGET_MS
// in all: the API (main reaches it: TLS, certificate, clock), the phone's own
// SIP connection (a keep-alive on it; its registration as it is), ICE
// candidates per STUN/TURN address — these three at once — then the echo call
// (~10 s), which also measures the microphone. Never during a call; a call
// that arrives stops it (the echo call is none of the agent's calls, so the
// new one rings as on an idle phone) and the echo call is hung up. The phone
// is left as it was: no setting, registration or call of the agent changes.
//
//   idle ─start─▶ network steps ─▶ echo call ─▶ completed
//     │                 └──── cancel / a call rings / budget spent ───▶ stopped (echo hung up)
//     └─ a call is up ─▶ refused
import type { CheckReport, CheckStep } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { echoStep, microphoneStep, type AudioWords } from './audio-verdicts';
import { runEchoTest, type EchoFigures } from './echo-test';
import { probeIceServers } from './ice-probe';
import { apiErrorStep, apiStep, iceStep, sipStep } from './network-verdicts';

/** The automatic steps' bound (the issue's 20 s); the speaker test is the agent's and comes after. */
export const CHECK_BUDGET_MS = 20_000;
const ICE_GATHER_MS = 4_000;
const SIP_ANSWER_MS = 3_000;
const ECHO_CONNECT_MS = 4_000;
export const ECHO_LISTEN_MS = 10_000;

export interface ShiftCheckDeps {
  readonly api: SoftphoneApi;
  readonly phone: Phone;
  readonly iceServers: readonly RTCIceServer[];
  readonly echoExtension: string;
  readonly sipServer: string;
  readonly words: AudioWords;
  readonly iceTypeWord: (type: 'host' | 'srflx' | 'relay' | 'nothing') => string;
  /** The echo call's listening time (tests and the bench may shorten it). */
  readonly listenMs?: number;
}

export async function runShiftCheck(deps: ShiftCheckDeps, cancel: AbortSignal, onStep: (step: CheckStep) => void): Promise<CheckReport> {
  const started = Date.now();
  const report = (outcome: CheckReport['outcome'], steps: CheckStep[]): CheckReport => ({ startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, outcome, steps });
  if (deps.phone.call) return report('refused', []);
  const stop = new AbortController();
  let outcome: CheckReport['outcome'] = 'completed';
  const end = (why: CheckReport['outcome']): void => {
    if (stop.signal.aborted) return;
    outcome = why;
    stop.abort();
  };
  const onCancel = (): void => end('cancelled');
  cancel.addEventListener('abort', onCancel, { once: true });
  const budget = setTimeout(() => end('completed'), CHECK_BUDGET_MS);
  // A call that reaches the phone stops the check; it rings as usual.
  const offCall = deps.phone.on('call', ({ call }) => call.direction === 'incoming' && end('call-arrived'));
  const steps: CheckStep[] = [];
  const add = (step: CheckStep): void => {
    if (stop.signal.aborted && outcome !== 'completed') return;
    steps.push(step);
    onStep(step);
  };
  try {
    await Promise.all([
      deps.api.request('workstation.checkApi', {}).then((reply) => add(reply.ok ? apiStep(reply.value) : apiErrorStep(reply.error.message))),
      (async () => {
        const t0 = Date.now();
        const answered = await deps.phone.checkSipConnection(SIP_ANSWER_MS);
        add(sipStep(deps.phone.registration.kind === 'registered', answered, Date.now() - t0, deps.sipServer));
      })(),
      probeIceServers(deps.iceServers, ICE_GATHER_MS, stop.signal).then((probes) => add(iceStep(probes, deps.iceTypeWord))),
    ]);
    let echo: EchoFigures | null = null;
    if (!stop.signal.aborted) {
      try {
        echo = await runEchoTest(deps.phone, deps.echoExtension, { connectMs: ECHO_CONNECT_MS, listenMs: deps.listenMs ?? ECHO_LISTEN_MS, signal: stop.signal });
      } catch (error) {
        // Refused by the phone (a call came up, the connection dropped): said as the echo step's failure.
        echo = { notConnected: { status: null, detail: error instanceof Error ? error.message : String(error) }, listenedMs: 0, packetsBack: 0, lossBackPercent: null, jitterBackMs: null, mos: null, lossSentPercent: null, jitterSentMs: null, rttMs: null, delayMs: null, delayConfidence: 0, micPeak: 0, micActive: 0, pair: null };
      }
      add(echoStep(deps.echoExtension, echo, deps.words));
      add(microphoneStep(echo));
    }
  } finally {
    clearTimeout(budget);
    offCall();
    cancel.removeEventListener('abort', onCancel);
  }
  return report(outcome, steps);
}
