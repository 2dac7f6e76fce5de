// Rings an agent for a call record of the state (Make Call, the dialer, an
// inbound call): the customer and the agent's leg become the call's two
// parties (calls/live-call.ts), which keeps the record in step with the SIP
// dialog: requested → ringing → active ⇄ held → ended.
import { UserAgent } from 'sip.js';
import type { G711Codec } from '../media/customer-media';
import type { SimState } from '../state/sim-state';
import type { CallRecord } from '../state/records';
import type { BindingStore } from './bindings';
import type { CallOriginator } from './call-originator';
import { customerParty } from './calls/party';
import type { LiveCalls } from './calls/live-calls';
import { buildCti, ctiHeader } from './cti';

export interface AgentCallerOptions {
  state: SimState;
  originator: CallOriginator;
  calls: LiveCalls;
  /** Registrar bindings; undefined when the originator goes through an external server. */
  bindings?: BindingStore;
  domain: string;
  ctiHeaderName: string;
  codecs: G711Codec[];
  ringTimeoutMs?: number;
}

export interface RingRequest {
  guid: string;
  /** The customer number shown to the agent (From and CTI Callerid). */
  customer: string;
  autoAnswer: boolean;
  parAndValues?: string;
}

export class AgentCaller {
  constructor(private readonly options: AgentCallerOptions) {}

  /** Called when any call ends (the dialer offers the next record). */
  onCallEnded(listener: (call: CallRecord) => void): void {
    this.options.calls.onCallEnded(listener);
  }

  /** The SIP Call-ID of a live call's (first) agent leg, or undefined. */
  callIdOf(guid: string): string | undefined {
    return this.options.calls.get(guid)?.agentParties()[0]?.leg.callId;
  }

  isLive(guid: string): boolean {
    return this.options.calls.get(guid) !== undefined;
  }

  ring(request: RingRequest): void {
    const { state, bindings, domain } = this.options;
    const record = state.calls.get(request.guid);
    if (!record || record.status === 'ended') return;
    // Read before the live call exists: each party added re-derives the record's phone and agent from its parties.
    const { phone, agent } = record;
    const fail = (cause: string): void => {
      state.updateCall(request.guid, { status: 'ended', endedAt: new Date().toISOString(), endedBy: 'failed', cause });
      this.options.calls.announceEnded(request.guid);
    };
    let target = UserAgent.makeURI(`sip:${phone}@${domain}`);
    if (bindings) {
      const binding = bindings.current(phone);
      if (!binding) {
        fail(`phone ${phone} is not registered`);
        return;
      }
      target = binding.contact;
    }
    const toUri = UserAgent.makeURI(`sip:${phone}@${domain}`);
    if (!target || !toUri) {
      fail(`phone ${phone} is not a valid SIP user`);
      return;
    }
    const cti = buildCti(
      {
        guid: request.guid,
        campaign: record.campaign,
        callerid: request.customer,
        autoAnswer: request.autoAnswer,
        ...(request.parAndValues !== undefined ? { parAndValues: request.parAndValues } : {}),
      },
      state.campaign(record.campaign),
    );
    const extraHeaders = [ctiHeader(this.options.ctiHeaderName, cti)];
    if (request.autoAnswer) extraHeaders.unshift('P-Auto-Answer: normal', `Call-Info: <sip:${domain}>;answer-after=0`);
    const leg = this.options.originator.place(
      {
        target,
        toUri,
        fromUser: request.customer,
        fromDisplayName: request.customer,
        extraHeaders,
        codecs: this.options.codecs,
        ...(this.options.ringTimeoutMs !== undefined ? { ringTimeoutMs: this.options.ringTimeoutMs } : {}),
      },
      {},
    );
    const call = this.options.calls.create(request.guid);
    call.cti = cti;
    call.add(customerParty(request.customer));
    call.add({ role: 'agent', phone, agent, leg });
  }

  /** Ends a live call from the platform side (API Hang Up Call, customer hang-up, reset); `byeLost`: its BYE never reaches the agent. */
  hangup(guid: string, endedBy: 'api' | 'customer', options: { byeLost?: boolean } = {}): Promise<boolean> {
    return this.options.calls.hangup(guid, endedBy, options);
  }

  /** Copies the current audio levels of a live call into its record. */
  refreshLevels(guid: string): CallRecord | undefined {
    return this.options.calls.refreshLevels(guid);
  }

  customerHeard(guid: string): Int16Array | undefined {
    return this.options.calls.customerHeard(guid);
  }

  closeAll(): Promise<void> {
    return this.options.calls.closeAll();
  }

  /**
   * Ends every live call as failed with `cause`: with BYE/CANCEL (`signal`),
   * or without a word (`drop`, a crash: the caller made the agents unreachable first).
   */
  endAll(cause: string, how: 'signal' | 'drop'): Promise<void> {
    return this.options.calls.endAll(cause, how);
  }
}
