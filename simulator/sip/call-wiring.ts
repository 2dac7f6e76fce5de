// Ties an originator to the live state: Make Call and Hang Up Call events,
// the dialer loop, inbound calls and the call control routes. Shared by the
// hosted-registrar mode and any mode whose originator reaches agents otherwise.
import type { ExtensionContext } from '../extension';
import { AgentCaller } from './agent-caller';
import { AgentPicker } from './agent-picker';
import { LiveCalls } from './calls/live-calls';
import type { BindingStore } from './bindings';
import type { CallOriginator } from './call-originator';
import { startDemoCalls } from './demo-calls';
import { DialerLoop } from './dialer-loop';
import { placeInboundCall } from './inbound-call';
import type { RtpTimeoutSetting } from './rtp-timeout-setting';
import { addSipControlRoutes } from './sip-control-routes';
import type { SipExtensionOptions } from './sip-extension';

export interface CallSide {
  originator: CallOriginator;
  /** Registrar bindings when the simulator hosts the registrar; else calls go to sip:<phone>@<domain>. */
  bindings?: BindingStore;
  domain: string;
  /** The originator's RTP timeout: set at runtime by the control API, back to the option on reset. */
  rtpTimeout: RtpTimeoutSetting;
}

export interface WiredCalls {
  /** Every live call (and parked leg) of this originator. */
  calls: LiveCalls;
  caller: AgentCaller;
  picker: AgentPicker;
  /** Ends every live call as failed: with BYE/CANCEL, or without a word (a crash). */
  endAll(cause: string, how: 'signal' | 'drop'): Promise<void>;
  /** The SIP Call-ID of a live call, or undefined. */
  callIdOf(guid: string): string | undefined;
  close(): Promise<void>;
}

export function wireCallsToState(ctx: ExtensionContext, side: CallSide, options: SipExtensionOptions): WiredCalls {
  const { state } = ctx;
  const { bindings } = side;
  const calls = new LiveCalls(state);
  const caller = new AgentCaller({
    state,
    originator: side.originator,
    calls,
    ...(bindings ? { bindings } : {}),
    domain: side.domain,
    ctiHeaderName: options.ctiHeaderName ?? 'X-CTI',
    codecs: options.codecs ?? ['PCMA', 'PCMU'],
    ...(options.ringTimeoutMs !== undefined ? { ringTimeoutMs: options.ringTimeoutMs } : {}),
  });
  // Without a registrar here, registrations are not visible: a logged-in member counts as reachable.
  const picker = new AgentPicker({
    state,
    isRegistered: (phone) => bindings?.isRegistered(phone) ?? true,
    isBusy: (phone) => calls.isPhoneBusy(phone),
  });
  const dialer = new DialerLoop({ state, caller, picker });
  const kick = (): void => dialer.kick();

  const onCallRequested = (event: { guid: string; destination: string }): void =>
    caller.ring({ guid: event.guid, customer: event.destination, autoAnswer: true });
  const onHangupRequested = (event: { guid: string }): void => void caller.hangup(event.guid, 'api').catch(() => false);
  const onReset = (): void => {
    side.rtpTimeout.reset();
    void caller.closeAll().catch(() => undefined);
  };
  const kickEvents = ['dialer-task-queued', 'agent-logged-in', 'queue-members-added'] as const;
  state.on('call-requested', onCallRequested);
  state.on('hangup-requested', onHangupRequested);
  state.on('reset', onReset);
  for (const event of kickEvents) state.on(event, kick);
  const stopBindingWatch = bindings?.onChange((change) => {
    if (change.type === 'registered') kick();
  });
  caller.onCallEnded(kick);
  addSipControlRoutes(ctx, { caller, picker, rtpTimeout: side.rtpTimeout, ...(bindings ? { bindings } : {}) });
  const demo = startDemoCalls(options.demoCalls ?? { count: 0 }, {
    inboundCampaigns: () => state.campaigns.map((c) => c.name).filter((name) => name.endsWith('<-')),
    place: (campaign, from, data) => placeInboundCall(state, caller, picker, campaign, from, data).ok,
    log: (line) => process.stderr.write(`simulator: ${line}\n`),
  });

  return {
    calls,
    caller,
    picker,
    endAll: (cause, how) => caller.endAll(cause, how),
    callIdOf: (guid) => caller.callIdOf(guid),
    async close() {
      dialer.close();
      demo.close();
      stopBindingWatch?.();
      state.off('call-requested', onCallRequested);
      state.off('hangup-requested', onHangupRequested);
      state.off('reset', onReset);
      for (const event of kickEvents) state.off(event, kick);
      await caller.closeAll();
    },
  };
}
