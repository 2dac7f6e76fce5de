// Rings an agent for a call record of the state and keeps that record in step
// with the SIP dialog: requested → ringing → active ⇄ held → ended.
import { UserAgent } from 'sip.js';
import type { G711Codec } from '../media/customer-media';
import type { SimState } from '../state/sim-state';
import type { CallRecord } from '../state/records';
import type { BindingStore } from './bindings';
import type { CallEnd, CallOriginator, OriginatedCall } from './call-originator';
import { buildCti, ctiHeader } from './cti';

export interface AgentCallerOptions {
  state: SimState;
  originator: CallOriginator;
  /** Registrar bindings; undefined when the originator goes through an external server. */
  bindings?: BindingStore;
  domain: string;
  ctiHeaderName: string;
  codecs: G711Codec[];
  ringTimeoutMs?: number;
  /** How often live calls copy their audio levels into the state. */
  levelRefreshMs?: number;
}

export interface RingRequest {
  guid: string;
  /** The customer number shown to the agent (From and CTI Callerid). */
  customer: string;
  autoAnswer: boolean;
  parAndValues?: string;
}

export class AgentCaller {
  private readonly live = new Map<string, { call: OriginatedCall; timer: NodeJS.Timeout }>();
  private readonly endListeners = new Set<(call: CallRecord) => void>();

  constructor(private readonly options: AgentCallerOptions) {}

  /** Called when any call of this caller ends (the dialer offers the next record). */
  onCallEnded(listener: (call: CallRecord) => void): void {
    this.endListeners.add(listener);
  }

  /** The SIP Call-ID of a live call, or undefined. */
  callIdOf(guid: string): string | undefined {
    return this.live.get(guid)?.call.callId;
  }

  isLive(guid: string): boolean {
    return this.live.has(guid);
  }

  ring(request: RingRequest): void {
    const { state, bindings, domain } = this.options;
    const record = state.calls.get(request.guid);
    if (!record || record.status === 'ended') return;
    const phone = record.phone;
    let target = UserAgent.makeURI(`sip:${phone}@${domain}`);
    if (bindings) {
      const binding = bindings.current(phone);
      if (!binding) {
        this.end(request.guid, { endedBy: 'failed', cause: `phone ${phone} is not registered` });
        return;
      }
      target = binding.contact;
    }
    const toUri = UserAgent.makeURI(`sip:${phone}@${domain}`);
    if (!target || !toUri) {
      this.end(request.guid, { endedBy: 'failed', cause: `phone ${phone} is not a valid SIP user` });
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
    const call = this.options.originator.place(
      {
        target,
        toUri,
        fromUser: request.customer,
        fromDisplayName: request.customer,
        extraHeaders,
        codecs: this.options.codecs,
        ...(this.options.ringTimeoutMs !== undefined ? { ringTimeoutMs: this.options.ringTimeoutMs } : {}),
      },
      {
        onRinging: () => this.patchLive(request.guid, (c) => (c.status === 'requested' ? { status: 'ringing' } : {})),
        onAnswered: () => this.patchLive(request.guid, () => ({ status: 'active', answeredAt: new Date().toISOString() })),
        onHoldChange: (held) => this.patchLive(request.guid, (c) => ({ status: held ? 'held' : 'active', reinvites: (c.reinvites ?? 0) + 1 })),
        onDtmf: (digit) => this.patchLive(request.guid, (c) => ({ dtmf: [...c.dtmf, digit] })),
        onEnded: (end) => this.end(request.guid, end),
      },
    );
    const timer = setInterval(() => this.refreshLevels(request.guid), this.options.levelRefreshMs ?? 500);
    timer.unref();
    this.live.set(request.guid, { call, timer });
  }

  /** Ends a live call from the platform side (API Hang Up Call, customer hang-up, reset); `byeLost`: its BYE never reaches the agent. */
  async hangup(guid: string, endedBy: 'api' | 'customer', options: { byeLost?: boolean } = {}): Promise<boolean> {
    const entry = this.live.get(guid);
    if (!entry) return false;
    await entry.call.hangup(endedBy, undefined, options);
    return true;
  }

  /** Copies the current audio levels of a live call into its record. */
  refreshLevels(guid: string): CallRecord | undefined {
    const levels = this.live.get(guid)?.call.levels();
    if (levels) this.options.state.updateCall(guid, { levels: { customerReceived: levels.received, customerSent: levels.sent } });
    return this.options.state.calls.get(guid);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((guid) => this.hangup(guid, 'api').catch(() => false)));
  }

  /**
   * Ends every live call as failed with `cause`: with BYE/CANCEL (`signal`),
   * or without a word (`drop`, a crash: the caller made the agents unreachable first).
   */
  async endAll(cause: string, how: 'signal' | 'drop'): Promise<void> {
    const calls = [...this.live.values()].map((entry) => entry.call);
    if (how === 'drop') {
      for (const call of calls) call.drop(cause);
      return;
    }
    await Promise.all(calls.map((call) => call.hangup('failed', cause).catch(() => undefined)));
  }

  private patchLive(guid: string, patch: (call: CallRecord) => Partial<CallRecord>): void {
    const call = this.options.state.calls.get(guid);
    if (call && call.status !== 'ended') this.options.state.updateCall(guid, patch(call));
  }

  private end(guid: string, end: CallEnd): void {
    this.refreshLevels(guid);
    const entry = this.live.get(guid);
    if (entry) clearInterval(entry.timer);
    this.live.delete(guid);
    const call = this.options.state.calls.get(guid);
    if (!call) return;
    if (call.status === 'ended') {
      // Hang Up Call already closed the record; keep its endedBy, add the cause.
      if (!call.cause) this.options.state.updateCall(guid, { cause: end.cause });
    } else {
      this.options.state.updateCall(guid, { status: 'ended', endedAt: new Date().toISOString(), endedBy: end.endedBy, cause: end.cause });
    }
    for (const listener of this.endListeners) listener(call);
  }
}
