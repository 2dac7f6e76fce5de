// One call record of the state while it lives: at most two parties bridged
// (Asterisk has no conference for SIP phones; a two-party bridge), and maybe a
// party being called for it (a phone call's target, a blind transfer's). The
// bridge decides the media: agent ↔ agent relays the two legs' audio, agent ↔
// simulated party plays that party's tone on the leg, a leg alone is silent.
// The record follows: status, parties, phone/agent, DTMF, levels, its end.
//
// A party's leg ending ends the call (a two-party bridge dissolves): the other
// legs are hung up, a pending target is cancelled, the record says who ended it.
import { echoAudio, relayAudio } from '../../media/audio-relay';
import type { CallPatch } from '../../state/call-store';
import type { CallPartyView, CallRecord, CallStatus } from '../../state/records';
import type { SimState } from '../../state/sim-state';
import type { CallEnd, CallLeg, HangupOptions, PlatformEnd } from '../call-leg';
import type { CtiObject } from '../cti';
import { partyView, type AgentParty, type Party, type SimulatedParty } from './party';

/** A party being called for this call: shown in the record, cancelled when the call ends. */
export interface PendingParty {
  view(): CallPartyView;
  cancel(): void;
}

export interface LiveCallHooks {
  state: SimState;
  onEnded(call: LiveCall): void;
  /** How often the record's audio levels are refreshed (default 500 ms). */
  levelRefreshMs?: number;
}

export class LiveCall {
  /** The CTI object the call's agent received (a transfer sends it on). */
  cti: CtiObject | undefined;
  private readonly parties: Party[] = [];
  private pendingParty: PendingParty | undefined;
  private endedWith: CallEnd | undefined;
  private unbridge: (() => void) | undefined;
  private readonly levelTimer: NodeJS.Timeout;

  constructor(
    readonly guid: string,
    private readonly hooks: LiveCallHooks,
  ) {
    this.levelTimer = setInterval(() => this.refreshLevels(), hooks.levelRefreshMs ?? 500);
    this.levelTimer.unref();
  }

  isEnded(): boolean {
    return this.endedWith !== undefined;
  }

  record(): CallRecord | undefined {
    return this.hooks.state.calls.get(this.guid);
  }

  partyList(): readonly Party[] {
    return this.parties;
  }

  agentParties(): AgentParty[] {
    return this.parties.filter((party): party is AgentParty => party.role === 'agent');
  }

  partyOfLeg(leg: CallLeg): AgentParty | undefined {
    return this.agentParties().find((party) => party.leg === leg);
  }

  /** The party bridged with `party` (undefined while it is alone). */
  other(party: Party): Party | undefined {
    return this.parties.find((candidate) => candidate !== party);
  }

  pending(): PendingParty | undefined {
    return this.pendingParty;
  }

  add(party: Party): void {
    if (this.parties.length >= 2) throw new Error(`Call ${this.guid} already has two parties (a two-party bridge).`);
    this.parties.push(party);
    this.settle(party);
  }

  /** Takes a party out; its leg tells this call nothing any more (and plays nothing). */
  remove(party: Party): void {
    const index = this.parties.indexOf(party);
    if (index < 0) return;
    this.parties.splice(index, 1);
    if (party.role === 'agent') party.leg.setEvents({});
    this.rebridge();
    if (party.role === 'agent') party.leg.media()?.setSource(undefined);
    this.sync();
  }

  /** Puts `next` where `old` was (a transfer's target, an INVITE with Replaces). */
  replace(old: Party, next: Party): void {
    const index = this.parties.indexOf(old);
    if (index < 0) throw new Error(`Call ${this.guid} has no such party to replace.`);
    if (old.role === 'agent') old.leg.setEvents({});
    this.parties[index] = next;
    if (old.role === 'agent') old.leg.media()?.setSource(undefined);
    this.settle(next);
  }

  setPending(pending: PendingParty | undefined): void {
    this.pendingParty = pending;
    if (pending) this.patch((call) => (call.status === 'active' || call.status === 'held' ? { status: 'ringing' } : {}));
    this.sync();
  }

  /** The call's target rings (a phone's call, a blind transfer's target). */
  ringing(): void {
    this.patch((call) => (call.status === 'requested' ? { status: 'ringing' } : {}));
  }

  /** Changes the record while the call lives (a transfer to a campaign moves the call there). */
  updateRecord(patch: CallPatch): void {
    this.patch(() => patch);
  }

  /** Ends the call from the platform side: every agent leg hung up (BYE, CANCEL or a refusal), a pending target cancelled. */
  async hangup(endedBy: PlatformEnd, cause?: string, options: HangupOptions = {}): Promise<void> {
    if (this.endedWith) return;
    const legs = this.agentParties().map((party) => party.leg);
    if (legs.length === 0) {
      this.finish({ endedBy, cause: cause ?? (endedBy === 'customer' ? 'customer hung up' : 'Hang Up Call') });
      return;
    }
    // The first leg to end names the call's end; finish() hangs up the rest.
    await Promise.all(legs.map((leg) => leg.hangup(endedBy, cause, options)));
  }

  /** Ends the call without a word to any phone (a crash: the caller made them unreachable first). */
  drop(cause: string): void {
    this.finish({ endedBy: 'failed', cause }, 'drop');
  }

  /** Ends the call with `end`: the record says so, every other leg is hung up, a pending target cancelled. */
  finish(end: CallEnd, how: 'signal' | 'drop' = 'signal'): void {
    if (this.endedWith) return;
    this.refreshLevels();
    this.endedWith = end;
    clearInterval(this.levelTimer);
    this.unbridge?.();
    this.unbridge = undefined;
    this.pendingParty?.cancel();
    this.pendingParty = undefined;
    for (const party of this.agentParties()) {
      party.leg.setEvents({});
      if (how === 'drop') party.leg.drop(end.cause);
      else void party.leg.hangup('failed', 'the other party left the call').catch(() => undefined);
    }
    const call = this.record();
    if (call?.status === 'ended') {
      // Hang Up Call already closed the record; keep its endedBy, add the cause.
      if (!call.cause) this.hooks.state.updateCall(this.guid, { cause: end.cause });
    } else if (call) {
      this.hooks.state.updateCall(this.guid, { status: 'ended', endedAt: new Date().toISOString(), endedBy: end.endedBy, cause: end.cause });
    }
    this.hooks.onEnded(this);
  }

  /** Copies the parties and their audio levels into the record. */
  refreshLevels(): CallRecord | undefined {
    if (this.endedWith) return this.record();
    const levels = this.customerFacing()?.leg.levels();
    this.patch(() => ({
      parties: this.views(),
      ...(levels ? { levels: { customerReceived: levels.received, customerSent: levels.sent } } : {}),
    }));
    return this.record();
  }

  /** The last seconds the customer heard (what the agent's phone sent on the leg facing the customer). */
  customerHeard(): Int16Array | undefined {
    return this.customerFacing()?.leg.media()?.recentlyReceived();
  }

  /** The agent's party bridged to a simulated party (the customer, an outside number). */
  private customerFacing(): AgentParty | undefined {
    return this.agentParties().find((party) => this.other(party)?.role !== 'agent' && this.other(party) !== undefined);
  }

  private settle(party: Party): void {
    if (party.role === 'agent') this.listen(party);
    this.rebridge();
    // Two parties up and nobody else being called: the call is on (two simulated parties need no leg to answer).
    const legs = this.agentParties().map((p) => p.leg);
    if (!this.pendingParty && this.parties.length === 2 && legs.every((leg) => leg.isAnswered())) this.markActive();
    this.sync();
  }

  private listen(party: AgentParty): void {
    party.leg.setEvents({
      onRinging: () => this.patch((call) => (call.status === 'requested' ? { status: 'ringing' } : {})),
      onAnswered: () => {
        this.rebridge();
        this.markActive();
        this.sync();
      },
      onHoldChange: (held) => this.patch((call) => ({ status: held ? 'held' : 'active', reinvites: (call.reinvites ?? 0) + 1 })),
      onDtmf: (digit) => this.patch((call) => ({ dtmf: [...call.dtmf, digit] })),
      onEnded: (end) => this.finish(end),
    });
  }

  private markActive(): void {
    const status: CallStatus = 'active';
    this.patch((call) => ({ status, ...(call.answeredAt ? {} : { answeredAt: new Date().toISOString() }) }));
  }

  private rebridge(): void {
    this.unbridge?.();
    this.unbridge = undefined;
    if (this.endedWith) return;
    const agents = this.agentParties();
    if (agents.length === 2) {
      const [a, b] = agents.map((party) => party.leg.media());
      if (a && b) this.unbridge = relayAudio(a, b);
      return;
    }
    const simulated = this.parties.find((party): party is SimulatedParty => party.role !== 'agent');
    for (const agent of agents) {
      const media = agent.leg.media();
      if (!media) continue;
      if (simulated?.role === 'echo') this.unbridge = echoAudio(media);
      else if (simulated) media.playTone(simulated.toneHz);
      else media.setSource(undefined);
    }
  }

  private views(): CallPartyView[] {
    return [...this.parties.map(partyView), ...(this.pendingParty ? [this.pendingParty.view()] : [])];
  }

  /** The record's parties, and its phone/agent: the first agent that answered, else the first one called. */
  private sync(): void {
    const views = this.views();
    const agents = views.filter((view) => view.role === 'agent');
    const named = agents.find((view) => view.state === 'up') ?? agents[0];
    this.patch(() => ({ parties: views, phone: named?.phone ?? '', agent: named?.agent ?? '' }));
  }

  private patch(change: (call: CallRecord) => CallPatch): void {
    const call = this.record();
    if (call && call.status !== 'ended' && !this.endedWith) this.hooks.state.updateCall(this.guid, change(call));
  }
}
