/**
 * Calls the platform offers the agent: each INVITE becomes an IncomingCall
 * that rings, or is answered by itself (auto-answer.ts: a Make Call the UI
 * announced, a campaign with auto_answer).
 *
 * A contact-center agent takes one customer at a time, but no customer is
 * turned away in silence: a call offered while another is live rings as a
 * waiting call (call-set.ts) the agent can take by holding or ending the
 * current one; one not taken is reported as missed. Only a call offered when
 * the set is full gets 486 Busy Here, and is reported as missed too.
 *
 * A call that rang over a connection that is gone stops ringing once the
 * phone has a new one (registered again, or a new INVITE came over it): the
 * platform forgot it in a crash and will send no CANCEL, and no 200 could
 * reach it; so a fresh call never rings as "waiting" beside a dead one. A
 * call cancelled without a reason is reported `CANCEL_GRACE_MS` later, so a
 * CANCEL the platform sent as it shut down (its connection closed "going
 * away" right after) is reported as the restart it was, not as abandoned.
 */
import type { Invitation } from 'sip.js';
import type { PhoneEvents } from '../phone-events';
import type { Timers } from '../timers';
import { decideAutoAnswer, type PendingMakeCall } from './auto-answer';
import type { CallSet } from './call-set';
import { IncomingCall } from './incoming-call';
import { readIncomingInvite } from './incoming-invite';
import type { CallEnvironment, PhoneCall } from './phone-call';
import type { ConnectionLoss } from './connection-loss';
import type { ConnectionEnd } from '../connection/ws-transport';

/** How long a CANCEL without a reason waits for its connection to close "going away" before it counts as abandoned. */
export const CANCEL_GRACE_MS = 1_500;

/** A Make Call the UI announced; call `setGuid` once Make Call returns, `cancel` if it failed. */
export interface MakeCallExpectation {
  setGuid(guid: string): void;
  cancel(): void;
}

export interface OfferedCallsOptions {
  readonly calls: CallSet;
  readonly timers: Timers;
  readonly ctiHeader: string;
  readonly makeCallWindowMs: number;
  readonly environment: () => CallEnvironment;
  /** Another call is offered while these are live (the platform thinks the agent is free: call-watchdog.ts). */
  readonly offeredWhileBusy: (others: readonly PhoneCall[]) => void;
  /** What took the last connection that was lost (connection-loss.ts). */
  readonly connectionLoss: () => ConnectionLoss;
  readonly emit: <K extends 'call' | 'cti' | 'missed'>(event: K, value: PhoneEvents[K]) => void;
}

export class OfferedCalls {
  private readonly pending = new Map<number, PendingMakeCall>();
  private pendingSeq = 0;
  private autoAnswerCampaigns: ReadonlySet<string> = new Set();
  /** Calls cancelled without a reason, not reported yet (see CANCEL_GRACE_MS). */
  private readonly cancelled = new Map<PhoneCall, unknown>();

  constructor(private readonly opts: OfferedCallsOptions) {}

  /** The UI is about to (or just did) ask Make Call for `destination`: auto-answer the matching call. */
  expect(destination: string): MakeCallExpectation {
    const key = ++this.pendingSeq;
    this.pending.set(key, { destination, expiresAt: this.opts.timers.now() + this.opts.makeCallWindowMs });
    return {
      setGuid: (guid) => {
        const p = this.pending.get(key);
        if (p) this.pending.set(key, { ...p, guid });
      },
      cancel: () => this.pending.delete(key),
    };
  }

  setAutoAnswerCampaigns(names: Iterable<string>): void {
    this.autoAnswerCampaigns = new Set(names);
    // A call that came before the campaigns were listed (right after sign-in) rang for want of them: the only call, ringing, is answered now if its campaign asks.
    const only = this.opts.calls.all.length === 1 ? this.opts.calls.all[0] : undefined;
    if (!(only instanceof IncomingCall) || only.state.kind !== 'ringing' || only.info.autoAnswer.answer || only.info.offeredWhileBusy) return;
    const facts = { pAutoAnswer: undefined, callInfo: [], cti: only.info.cti, remoteUser: only.info.remoteUser, referredBy: only.info.referredBy };
    if (decideAutoAnswer(facts, [], this.autoAnswerCampaigns, this.opts.timers.now()).answer) only.answerAsItsCampaignAsks();
  }

  invite(invitation: Invitation): void {
    const { calls, emit } = this.opts;
    const read = readIncomingInvite(invitation, this.opts.ctiHeader);
    const { remoteUser, cti } = read;
    const now = this.opts.timers.now();
    // This INVITE came over the connection up now: calls that rang over an older one are gone.
    this.connectionGone(this.opts.connectionLoss());
    const busy = calls.all.length > 0;
    if (calls.full) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined);
      emit('missed', { callId: invitation.id, remoteUser, cti, reason: 'offered-while-busy', offeredAt: now });
      return;
    }
    const decision = decideAutoAnswer(read, [...this.pending.values()], this.autoAnswerCampaigns, now);
    if (decision.answer && decision.match) {
      for (const [k, p] of this.pending) if (p === decision.match) this.pending.delete(k);
    }
    const info = {
      id: invitation.id, direction: 'incoming', role: 'customer', consultationOf: null, target: null,
      remoteUser, remoteDisplayName: read.remoteDisplayName, cti, ctiError: read.ctiError, referredBy: read.referredBy,
      autoAnswer: decision, receivedAt: now, offeredWhileBusy: busy,
    } as const;
    const call = new IncomingCall(invitation, info, this.opts.environment());
    const others = [...calls.all];
    calls.add(call);
    emit('call', { call, state: call.state });
    emit('cti', { callId: call.id, cti, error: read.ctiError });
    if (busy) {
      // Never answered by itself over a live call; and the platform offering it means it thinks the agent is free.
      call.ring(true);
      void invitation.progress().catch(() => undefined);
      this.opts.offeredWhileBusy(others);
    } else if (decision.answer) {
      call.answer().catch(() => undefined); // the failure shows as ended{failed}
    } else {
      call.ring();
      void invitation.progress().catch(() => undefined);
    }
  }

  /** A connection is gone (it closed, or a new one is up): ringing calls whose INVITE came over a connection no longer up end, saying what took it. */
  connectionGone(loss: ConnectionLoss): void {
    for (const call of [...this.opts.calls.all]) call.connectionGone(loss);
  }

  /** The connection closed: a CANCEL just before a "going away" close was the platform shutting down. */
  connectionClosed(end: ConnectionEnd | null): void {
    for (const [call, timer] of [...this.cancelled]) {
      if (end === 'server-going-away') call.cancelledByPlatformLeaving();
      this.opts.timers.clearTimeout(timer);
      this.report(call);
    }
  }

  /** Reports the calls still held back (the phone stops: nothing may be lost). */
  flush(): void {
    for (const [call, timer] of [...this.cancelled]) {
      this.opts.timers.clearTimeout(timer);
      this.report(call);
    }
  }

  /** A call ended: it leaves the set, is reported when missed, and a call that waited rings as a call of its own. */
  ended(call: PhoneCall): void {
    const { calls } = this.opts;
    calls.settle(call);
    if (call.missed === 'abandoned') this.cancelled.set(call, this.opts.timers.setTimeout(() => this.report(call), CANCEL_GRACE_MS));
    else this.report(call);
    const next = calls.all.length === 1 ? calls.all[0] : undefined;
    if (next?.state.kind === 'ringing') {
      if (next.info.autoAnswer.answer) next.answer().catch(() => undefined);
      else next.ring();
    }
  }

  private report(call: PhoneCall): void {
    this.cancelled.delete(call);
    const reason = call.missed;
    if (reason) this.opts.emit('missed', { callId: call.id, remoteUser: call.info.remoteUser, cti: call.info.cti, reason, offeredAt: call.info.receivedAt });
  }
}
