/**
 * A three-way call: the customer's call and its consultation, both active,
 * mixed in the page (conference-mixer.ts): each party hears the agent and
 * the other party, the agent hears both.
 *
 *   starting ──both resumed, mix on──▶ mixing ◀──hold()/resume()──▶ held
 *       │                               │                          │
 *       └──── a resume refused ─────────┴── end(): a party dropped or gone, the transfer completed ──▶ ended
 *
 * Per party: `muted` = that party's voice reaches nobody (not the other
 * party, not the agent: a listener, as a supervisor or trainee on a call);
 * drop = hang up that party's call, the other goes on as a normal call.
 * The agent's own mute keeps working (the agent is taken out of both mixes)
 * and so does a microphone switch (the mixer follows it). When it ends,
 * each call still up sends the plain microphone again and hears its party,
 * and the mixer's tracks and audio context are gone.
 */
import type { PhoneCall } from '../call/phone-call';
import { PhoneError } from '../phone-error';
import { assertTransition, type TransitionTable } from '../state-machine';
import type { ConferenceMixer, PartyIndex } from './conference-mixer';

export type ConferenceStage = 'starting' | 'mixing' | 'held' | 'ended';

const table: TransitionTable<ConferenceStage> = {
  starting: ['mixing', 'ended'],
  mixing: ['held', 'ended'],
  held: ['mixing', 'ended'],
  ended: [],
};

/** What the phone tells the UI (the `conference` event). */
export interface ConferenceEvent {
  readonly stage: ConferenceStage;
  /** The two calls, the customer's first, and whether each party is muted. */
  readonly parties: readonly { readonly callId: string; readonly muted: boolean }[];
}

export class Conference {
  private stage: ConferenceStage = 'starting';
  private mixer: ConferenceMixer | null = null;
  private readonly muted: [boolean, boolean] = [false, false];

  constructor(
    /** The customer's call and the consultation. */
    readonly calls: readonly [PhoneCall, PhoneCall],
    private readonly makeMixer: () => ConferenceMixer,
    private readonly emit: (event: ConferenceEvent) => void,
  ) {}

  get current(): ConferenceStage {
    return this.stage;
  }

  /** Ended (also while an action awaited the platform: a party may leave at any time). */
  private get over(): boolean {
    return this.stage === 'ended';
  }

  get view(): ConferenceEvent {
    return { stage: this.stage, parties: this.calls.map((call, i) => ({ callId: call.id, muted: this.muted[i] ?? false })) };
  }

  includes(call: PhoneCall): boolean {
    return this.calls.includes(call);
  }

  /** Takes both calls off hold and starts mixing; on a refusal it ends, the calls as they are now. */
  async start(): Promise<void> {
    try {
      for (const call of this.calls) if (call.state.kind === 'held') await call.resume();
      const media = [this.calls[0].conferenceMedia(), this.calls[1].conferenceMedia()] as const;
      // Without audio (no WebRTC: Node tests) the conference is signalling only.
      if (!this.over && media[0] && media[1]) {
        this.mixer = this.makeMixer();
        const overrides = this.mixer.mix([media[0], media[1]]);
        await Promise.all(this.calls.map((call, i) => call.sendInstead(overrides[i as PartyIndex])));
      }
    } catch (error) {
      await this.end();
      throw error;
    }
    if (!this.over) this.move('mixing'); // else a party left meanwhile
  }

  /** Both calls on hold (each party hears the platform's hold, not each other). */
  async hold(): Promise<void> {
    if (this.stage !== 'mixing') throw new PhoneError('phone.err.conferenceNotMixing');
    for (const call of this.calls) if (call.state.kind === 'active') await call.hold();
    if (!this.over) this.move('held');
  }

  async resume(): Promise<void> {
    if (this.stage !== 'held') throw new PhoneError('phone.err.conferenceNotHeld');
    for (const call of this.calls) if (call.state.kind === 'held') await call.resume();
    if (!this.over) this.move('mixing');
  }

  setPartyMuted(call: PhoneCall, muted: boolean): void {
    const index = this.calls.indexOf(call);
    if (index < 0 || this.stage === 'ended') throw new PhoneError('phone.err.notInConference');
    this.muted[index] = muted;
    this.mixer?.setPartyHeard(index as PartyIndex, !muted);
    call.setRemoteMuted(muted);
    this.announce();
  }

  /** Stops mixing: the calls still up send the microphone again and are heard again. */
  async end(): Promise<void> {
    if (this.stage === 'ended') return;
    const mixer = this.mixer;
    this.mixer = null;
    this.move('ended');
    for (const call of this.calls) {
      call.setRemoteMuted(false);
      await call.sendInstead(null).catch(() => undefined);
    }
    mixer?.close();
  }

  private move(stage: ConferenceStage): void {
    assertTransition('conference', table, this.stage, stage);
    this.stage = stage;
    this.announce();
  }

  private announce(): void {
    this.emit(this.view);
  }
}
