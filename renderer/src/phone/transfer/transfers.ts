/**
 * The phone's transfers, consultations and three-way calls: the guards, what
 * is under way, and the events. phone.ts hands the agent's actions here; the
 * steps themselves are blind-transfer.ts, attended-transfer.ts and
 * conference/conference.ts.
 *
 * Guards (refused with a PhoneError the UI can say, before anything is sent):
 *   - a target that would not make a clean URI (transfer-target.ts)
 *   - a call that is not answered, or one already being transferred: one
 *     transfer at a time per call (a double click sends one REFER)
 *   - a blind transfer of a call in a consultation (complete it instead)
 *   - a second consultation, or no room for the consultation's call
 * A transfer without a SIP connection fails at once as `no-connection` and
 * leaves the call untouched; a consultation without one is refused.
 */
import type { PhoneCall } from '../call/phone-call';
import { isEstablished, isLive } from '../call/call-state';
import type { LiveCallSnapshot } from '../../../../common/ipc/live-call';
import { Conference } from '../conference/conference';
import type { PhoneEvents } from '../phone-events';
import type { ConferenceMixer } from '../conference/conference-mixer';
import { PhoneError } from '../phone-error';
import { cancelConsultation, completeConsultation, startConsultation } from './attended-transfer';
import { blindTransfer, followBlindTransfer } from './blind-transfer';
import { Consultation, type ConsultationEvent } from './consultation';
import { TransferAttempt, type TransferContext } from './transfer-attempt';
import { isFinal, type TransferState } from './transfer-state';
import { resolveTarget, type ResolvedTarget, type TransferTarget } from './transfer-target';

export interface TransfersOptions extends Omit<TransferContext, 'report'> {
  readonly isConnected: () => boolean;
  /** The platform's domain: targets become `sip:<user>@<domain>`. */
  readonly domain: string;
  /** Whether the phone can take one more call (the consultation). */
  readonly hasRoom: () => boolean;
  /** Builds and places the consultation of `customer` as an outgoing call. */
  readonly placeConsultation: (target: ResolvedTarget, customer: PhoneCall) => PhoneCall;
  readonly makeMixer: () => ConferenceMixer;
  readonly emit: <K extends 'transfer' | 'consultation' | 'conference'>(event: K, value: PhoneEvents[K]) => void;
}

export class Transfers {
  private readonly attempts = new Map<PhoneCall, TransferAttempt>();
  /** A consult() between its click and its call (a double click places one call). */
  private consulting: PhoneCall | null = null;
  private consultation: Consultation | null = null;
  private targetUri = '';
  private conference: Conference | null = null;

  constructor(private readonly opts: TransfersOptions) {}

  /** The consultation under way, or null. */
  get currentConsultation(): Consultation | null {
    return this.consultation && !this.consultation.ended ? this.consultation : null;
  }

  /** The three-way call under way, or null. */
  get currentConference(): Conference | null {
    return this.conference && this.conference.current !== 'ended' ? this.conference : null;
  }

  /** Blind transfer of `call`; resolves with its result (progress comes as `transfer` events). */
  async blind(call: PhoneCall, target: TransferTarget): Promise<TransferState> {
    const resolved = resolveTarget(target, this.opts.domain);
    this.assertFree(call);
    if (this.consultation?.involves(call) && !this.consultation.ended) throw new PhoneError('phone.err.transferInConsultation');
    const attempt = this.attempt(call, 'blind', resolved.shown);
    if (!this.opts.isConnected()) return attempt.fail('no-connection');
    return this.running(attempt, () => blindTransfer(attempt, resolved.uri));
  }

  /** Holds `customer` and calls the target; resolves with the consultation's call as soon as it is placed. */
  async consult(customer: PhoneCall, target: TransferTarget): Promise<PhoneCall> {
    const resolved = resolveTarget(target, this.opts.domain);
    this.assertFree(customer);
    if (this.currentConsultation || this.consulting) throw new PhoneError('phone.err.consultationOpen');
    if (!this.opts.isConnected()) throw new PhoneError('phone.err.noConnection');
    if (!this.opts.hasRoom()) throw new PhoneError('phone.err.consultationNoRoom');
    this.consulting = customer;
    try {
      const call = await startConsultation(customer, () => this.opts.placeConsultation(resolved, customer));
      this.open(customer, call, resolved.shown, resolved.uri);
      return call;
    } finally {
      this.consulting = null;
    }
  }

  /**
   * After a reload (issue 24): a call the new page took back. A consultation
   * leg is linked again to its customer's call (taken back before it), so the
   * consultation goes on where it was (Complete, Cancel, Swap); a blind
   * transfer that was under way is followed to its result by its NOTIFYs.
   */
  takenBack(call: PhoneCall, snapshot: Pick<LiveCallSnapshot, 'consultation' | 'transfer' | 'dialog'>, byId: (id: string) => PhoneCall | null): void {
    const customer = snapshot.consultation ? byId(snapshot.consultation.of) : null;
    if (snapshot.consultation && snapshot.dialog && customer && isLive(customer.state) && !this.currentConsultation) {
      // The consultation's To URI is the target as the REFER's Refer-To names it.
      this.open(customer, call, snapshot.consultation.target, snapshot.dialog.remoteUri);
    }
    if (snapshot.transfer && !this.attempts.has(call)) {
      const attempt = this.attempt(call, 'blind', snapshot.transfer.target);
      void this.running(attempt, () => followBlindTransfer(attempt, snapshot.transfer?.stage ?? 'requested'));
    }
  }

  /** A blind transfer of `call` under way (sent, not final yet), for a page that may be reloaded now. */
  blindUnderWay(call: PhoneCall): NonNullable<LiveCallSnapshot['transfer']> | null {
    const attempt = this.attempts.get(call);
    const progress = attempt?.kind === 'blind' ? attempt.progress : null;
    if (!attempt || !progress || isFinal(progress.state)) return null;
    return { target: attempt.target.slice(0, 256), stage: progress.state.stage === 'ringing' || progress.state.stage === 'trying' ? progress.state.stage : 'requested', at: Math.round(progress.at) };
  }

  private open(customer: PhoneCall, call: PhoneCall, shown: string, uri: string): void {
    const consultation = new Consultation(customer, call, shown, () => this.opts.timers.now(), (event) => this.consultationChanged(event));
    this.consultation = consultation;
    this.targetUri = uri;
    this.opts.emit('consultation', { customerCallId: customer.id, consultationCallId: call.id, target: shown, state: consultation.state });
    consultation.callChanged(call); // it may have been answered already
  }

  /** Attended transfer: the platform joins customer and target (also "leave the two talking" in a conference). */
  async complete(): Promise<TransferState> {
    const consultation = this.openConsultation();
    if (consultation.state.kind === 'dialling') throw new PhoneError('phone.err.consultationNotAnswered');
    if (this.attempts.has(consultation.customer)) throw new PhoneError('phone.err.transferInProgress');
    const attempt = this.attempt(consultation.customer, 'attended', consultation.target);
    if (!this.opts.isConnected()) return attempt.fail('no-connection');
    return this.running(attempt, () => completeConsultation(consultation, attempt, this.targetUri));
  }

  /** Hangs up the consultation and resumes the customer. */
  async cancel(): Promise<void> {
    const consultation = this.openConsultation();
    if (this.attempts.has(consultation.customer)) throw new PhoneError('phone.err.transferInProgress');
    await cancelConsultation(consultation);
  }

  /** Brings customer and consultation together (both active, mixed in the page). */
  async startConference(): Promise<void> {
    const consultation = this.openConsultation();
    if (consultation.state.kind !== 'open' || !isEstablished(consultation.customer.state) || !isEstablished(consultation.call.state)) {
      throw new PhoneError('phone.err.conferenceNeedsBoth');
    }
    const conference = new Conference([consultation.customer, consultation.call], this.opts.makeMixer, (event) => this.opts.emit('conference', event));
    this.conference = conference;
    await conference.start();
    if (conference.current === 'mixing' && !consultation.ended) consultation.conferenceStarted();
  }

  /** Hangs up one party of the conference; the other goes on as a normal call. */
  async dropParty(call: PhoneCall): Promise<void> {
    const conference = this.conferenceWith(call);
    this.consultation?.end(call === this.consultation.customer ? 'customer-dropped' : 'cancelled');
    await conference.end();
    await call.hangUp();
  }

  setPartyMuted(call: PhoneCall, muted: boolean): void {
    this.conferenceWith(call).setPartyMuted(call, muted);
  }

  /** A call changed state (SIP): transfers, the consultation and the conference follow. */
  callChanged(call: PhoneCall): void {
    const ended = call.state.kind === 'ended';
    if (ended) this.attempts.get(call)?.customerLeft();
    this.consultation?.callChanged(call);
    if (ended && this.conference?.includes(call)) void this.endConference();
  }

  private consultationChanged(event: ConsultationEvent): void {
    this.opts.emit('consultation', event);
    if (event.state.kind === 'ended') void this.endConference();
  }

  private async endConference(): Promise<void> {
    await this.conference?.end();
    this.consultation?.conferenceEnded();
  }

  private attempt(call: PhoneCall, kind: 'blind' | 'attended', target: string): TransferAttempt {
    return new TransferAttempt(call, kind, target, { ...this.opts, report: (progress) => this.opts.emit('transfer', progress) });
  }

  private async running(attempt: TransferAttempt, run: () => Promise<TransferState>): Promise<TransferState> {
    this.attempts.set(attempt.call, attempt);
    try {
      return await run();
    } finally {
      this.attempts.delete(attempt.call);
    }
  }

  private assertFree(call: PhoneCall): void {
    if (!isEstablished(call.state)) throw new PhoneError('phone.err.transferNotAnswered');
    if (this.attempts.has(call) || this.consulting === call) throw new PhoneError('phone.err.transferInProgress');
  }

  private openConsultation(): Consultation {
    const consultation = this.currentConsultation;
    if (!consultation) throw new PhoneError('phone.err.noConsultation');
    return consultation;
  }

  private conferenceWith(call: PhoneCall): Conference {
    const conference = this.currentConference;
    if (!conference?.includes(call)) throw new PhoneError('phone.err.notInConference');
    return conference;
  }
}
