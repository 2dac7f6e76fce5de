// Calls a dial target for a phone's call or a blind transfer, as the
// dialplan would: an extension rings that agent's registered phone, a campaign
// rings an idle member (not the agent who calls), a number is a simulated
// outside party. The caller hears of ringing, of the answer (with the party
// that answered, to bridge) or of the failure as an Asterisk hangup cause.
import { UserAgent } from 'sip.js';
import type { G711Codec } from '../../media/customer-media';
import type { AgentEntry, Campaign, CallPartyView } from '../../state/records';
import type { SimState } from '../../state/sim-state';
import type { AgentPicker } from '../agent-picker';
import type { BindingStore } from '../bindings';
import type { CallEnd } from '../call-leg';
import type { CallOriginator } from '../call-originator';
import { echoParty, type Party } from '../calls/party';
import type { PendingParty } from '../calls/live-call';
import { ctiHeader, type CtiObject } from '../cti';
import type { DialTarget } from './dial-target';
import { AstCause, causeOfStatus } from './hangup-causes';
import { dialOutside } from './outside-dial';
import type { PbxSettings } from './pbx-settings';

export interface DialFailure {
  /** An Asterisk hangup cause (hangup-causes.ts). */
  cause: number;
  detail: string;
}

export interface DialEvents {
  onRinging(): void;
  /** The target answered: `party` is ready to be bridged (add it to the call at once). */
  onAnswered(party: Party): void;
  onFailed(failure: DialFailure): void;
}

/** A target being called: shown as a ringing party, cancelled (CANCEL) when the caller gives up. */
export interface DialAttempt extends PendingParty {
  readonly label: string;
}

export interface DialRequest {
  target: DialTarget;
  /** Who the target sees calling (From user and display name). */
  fromUser: string;
  /** The agent who calls or transfers: a campaign never rings them. */
  callerPhone?: string;
  /** The CTI the ringing agent receives, given the campaign it is reached through (none for an extension). */
  ctiFor(campaign: Campaign | undefined): CtiObject | undefined;
  /** Referred-By of the REFER, passed on as Asterisk does. */
  referredBy?: string;
}

export interface TargetDialerOptions {
  state: SimState;
  originator: CallOriginator;
  bindings: BindingStore;
  picker: AgentPicker;
  settings: PbxSettings;
  domain: string;
  ctiHeaderName: string;
  codecs: G711Codec[];
  ringTimeoutMs?: number;
}

export class TargetDialer {
  constructor(private readonly options: TargetDialerOptions) {}

  /** The extension of the echo test, as the PBX settings say now. */
  get echoExtension(): string {
    return this.options.settings.echoExtension;
  }

  dial(request: DialRequest, events: DialEvents): DialAttempt {
    const { target } = request;
    if (target.kind === 'number') return dialOutside(target.number, this.options.settings.outsideParties, events);
    if (target.kind === 'echo') return answerSoon(`the echo test ${target.extension}`, events, echoParty(target.extension));
    if (target.kind === 'extension') return this.dialAgent(target.agent, request.ctiFor(undefined), request, events);
    const member = this.options.picker.pick(target.campaign.name, undefined, request.callerPhone);
    if (!member) {
      return failSoon(`campaign ${target.campaign.name}`, events, {
        cause: AstCause.SUBSCRIBER_ABSENT,
        detail: `no member of ${target.campaign.name} is logged in, registered and idle`,
      });
    }
    return this.dialAgent(member, request.ctiFor(target.campaign), request, events);
  }

  private dialAgent(agent: AgentEntry, cti: CtiObject | undefined, request: DialRequest, events: DialEvents): DialAttempt {
    const { originator, bindings, domain } = this.options;
    const label = `extension ${agent.name}`;
    const binding = bindings.current(agent.name);
    const toUri = UserAgent.makeURI(`sip:${agent.name}@${domain}`);
    if (!binding || !toUri) {
      // chan_pjsip cannot make a dialog to an endpoint with no contact: cause "no route to destination".
      return failSoon(label, events, { cause: AstCause.NO_ROUTE_DESTINATION, detail: `${label} is not registered` });
    }
    const extraHeaders: string[] = [];
    if (cti) extraHeaders.push(ctiHeader(this.options.ctiHeaderName, cti));
    if (cti?.Answer === 'TRUE') extraHeaders.unshift('P-Auto-Answer: normal', `Call-Info: <sip:${domain}>;answer-after=0`);
    if (request.referredBy) extraHeaders.push(`Referred-By: ${request.referredBy}`);
    let cancelled = false;
    let answered = false;
    const leg = originator.place(
      {
        target: binding.contact,
        toUri,
        fromUser: request.fromUser,
        fromDisplayName: request.fromUser,
        extraHeaders,
        codecs: this.options.codecs,
        ...(this.options.ringTimeoutMs !== undefined ? { ringTimeoutMs: this.options.ringTimeoutMs } : {}),
      },
      {
        onRinging: () => {
          if (!cancelled) events.onRinging();
        },
        onAnswered: () => {
          if (cancelled) return;
          answered = true;
          events.onAnswered({ role: 'agent', phone: agent.name, agent: agent.accountcode, leg });
        },
        onEnded: (end) => {
          if (!cancelled && !answered) events.onFailed({ cause: causeOfLegEnd(end), detail: `${label}: ${end.cause}` });
        },
      },
    );
    const view = (): CallPartyView => ({ role: 'agent', phone: agent.name, agent: agent.accountcode, state: 'ringing' });
    return {
      label,
      view,
      cancel: () => {
        if (cancelled || answered) return;
        cancelled = true;
        void leg.hangup('failed', 'cancelled: the caller went away').catch(() => undefined);
      },
    };
  }
}

/** A target that fails before anything is sent: told on the next turn, once the caller holds the attempt. */
function failSoon(label: string, events: DialEvents, failure: DialFailure): DialAttempt {
  let cancelled = false;
  setImmediate(() => {
    if (!cancelled) events.onFailed(failure);
  });
  return {
    label,
    view: () => ({ role: 'agent', state: 'ringing' }),
    cancel: () => {
      cancelled = true;
    },
  };
}

function causeOfLegEnd(end: CallEnd): number {
  if (end.status !== undefined) return causeOfStatus(end.status);
  if (end.cause === 'no answer') return AstCause.NO_ANSWER;
  return AstCause.NO_USER_RESPONSE;
}

/** A target that answers at once, as an extension answered by the dialplan itself (Answer()) does. */
function answerSoon(label: string, events: DialEvents, party: Party): DialAttempt {
  let cancelled = false;
  setImmediate(() => {
    if (!cancelled) events.onAnswered(party);
  });
  return {
    label,
    view: () => ({ role: party.role === 'agent' ? 'agent' : party.role, number: party.role === 'agent' ? party.phone : party.number, state: 'ringing' }),
    cancel: () => {
      cancelled = true;
    },
  };
}
