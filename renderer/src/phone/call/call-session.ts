/**
 * The signalling half of a call: a sip.js Session of either direction and
 * the call state machine (call-state.ts) it drives. What the session says
 * moves the state (Established → active, Terminated → ended with the cause
 * someone set beforehand, else the one its state suggests); in-dialog
 * requests from the far end are answered here (BYE; NOTIFY always 200, then
 * handed to the transfer that asked for it; REFER refused). The agent's
 * controls are phone-call.ts; how a call starts, incoming-call.ts and
 * outgoing-call.ts.
 */
import { SessionState, type Session } from 'sip.js';
import type { MissedCallReason } from '../../../../common/ipc/calls';
import { missedReason } from './missed-reason';
import { isEstablished, nextCall, type CallKind, type CallState, type EndedState } from './call-state';
import { readReferNotify, sendRefer, type ReferNotify, type ReferRequest } from './refer-dialog';
import type { RingKind, Ringtone } from '../media/media-port';
import type { CallEnvironment, CallInfo, CallRole } from './phone-call-options';
import type { DialogIds } from '../transfer/refer-to';
import type { LiveDialog } from '../../../../common/ipc/live-call';

/** How the call will end when its session terminates (set by whoever knows first: the agent, a BYE, a transfer). */
export type EndIntent = Omit<EndedState, 'kind'>;

export abstract class CallSession {
  protected current: CallState;
  protected endIntent: EndIntent | null = null;
  /** What the caller's CANCEL said (RFC 3326 Reason), for the missed-call record. */
  protected cancelledForNoAnswer = false;
  /** Its CANCEL came as the platform went away (offered-calls.ts tells it), for the missed-call record. */
  protected cancelledAsPlatformLeft = false;
  /** When the call began here (the ring timer). */
  readonly offeredAt: number;
  private answeredAt: number | null = null;
  /** When a call taken over from an earlier page was answered there (its timer goes on from then). */
  protected answeredBefore: number | null = null;
  /** …and put on hold there, when it was held (the hold timer goes on too). */
  protected heldBefore: number | null = null;
  /** When the current hold began (the hold timer). */
  private heldAt: number | null = null;
  /** The state it ended from, for the missed-call record. */
  private endedFrom: CallKind | null = null;
  private tone: { readonly kind: RingKind; readonly ringtone: Ringtone } | null = null;
  /** A transfer is expected to take the call over: the platform's BYE then means `transferred` to this target. */
  private transferTarget: string | null = null;
  private referNotify: ((notify: ReferNotify) => void) | null = null;
  /** What the call is; only an incoming call's auto-answer decision may change (incoming-call.ts). */
  protected facts: CallInfo;

  constructor(
    protected readonly session: Session,
    initial: CallState,
    info: CallInfo,
    protected readonly env: CallEnvironment,
  ) {
    this.facts = info;
    this.current = initial;
    this.offeredAt = env.timers.now();
    session.delegate = {
      onBye: (bye) => {
        const target = this.transferTarget;
        this.endIntent ??= target === null ? { cause: 'hangup', by: 'remote' } : { cause: 'transferred', by: 'remote', transfer: { target, at: env.timers.now() } };
        void bye.accept();
      },
      // Every NOTIFY gets its 200 at once, whatever it says; a transfer reads it afterwards (transfer/).
      onNotify: (notification) => {
        try {
          void notification.accept().catch(() => undefined);
        } catch {
          // The transaction is gone (the connection dropped): the report still counts.
        }
        this.referNotify?.(readReferNotify(notification.request));
      },
      // Nobody may send this phone elsewhere by REFER (sip.js would follow one by itself).
      onRefer: (referral) => void referral.reject({ statusCode: 603 }).catch(() => undefined),
    };
    session.stateChange.addListener((s) => this.onSessionState(s));
  }

  /** The call reached `active` for the first time: start its audio. */
  protected abstract answered(): void;
  /** The call ended: let go of its audio. */
  protected abstract ended(): void;
  /** Tell the phone the state changed. */
  protected abstract stateChanged(): void;

  get info(): CallInfo {
    return this.facts;
  }

  get id(): string {
    return this.info.id;
  }

  get role(): CallRole {
    return this.info.role;
  }

  get state(): CallState {
    return this.current;
  }

  /** When the call became active (epoch ms), for the call panel's timer. */
  get activeSince(): number | null {
    // A call taken over after a reload was answered on the earlier page: so it counts while being taken back too.
    return this.answeredAt ?? this.answeredBefore;
  }

  /** When the call went on hold (epoch ms) while it is held, else null. */
  get heldSince(): number | null {
    return this.current.kind === 'held' ? this.heldAt : null;
  }

  /** Why this call counts as missed (it rang and was not taken), or null. */
  get missed(): MissedCallReason | null {
    return missedReason({
      state: this.current,
      endedFrom: this.endedFrom,
      offeredWhileBusy: this.info.offeredWhileBusy,
      cancelledForNoAnswer: this.cancelledForNoAnswer,
      cancelledAsPlatformLeft: this.cancelledAsPlatformLeft,
    });
  }

  /** The CANCEL that ended it came as the platform went away (offered-calls.ts saw the connection close "going away" right after). */
  cancelledByPlatformLeaving(): void {
    if (this.current.kind === 'ended' && this.current.cause === 'cancelled' && this.current.by === 'remote') this.cancelledAsPlatformLeft = true;
  }

  /**
   * Sends a REFER in this call's dialog (transfer/). Its NOTIFYs go to
   * `onNotify` (each already answered 200) until another REFER replaces it.
   */
  refer(request: ReferRequest, onNotify: (notify: ReferNotify) => void): boolean {
    if (!isEstablished(this.current)) return false;
    this.referNotify = onNotify;
    return sendRefer(this.session, request);
  }

  /**
   * The NOTIFYs of a REFER an earlier page of this app sent in this dialog
   * (issue 24: a blind transfer under way when the page was reloaded) go to
   * `onNotify` from now on, as if this page had sent it.
   */
  followRefer(onNotify: (notify: ReferNotify) => void): void {
    this.referNotify = onNotify;
  }

  /** A transfer is about to take this call over: the platform's BYE ends it as `transferred`, not as a hang-up. */
  expectTransferEnd(target: string): void {
    this.transferTarget = target;
  }

  /** The transfer did not take the call over: a BYE is a plain hang-up again. */
  cancelTransferEnd(): void {
    this.transferTarget = null;
  }

  /** The dialog's identifiers (a consultation's, for Replaces), null before it is answered. */
  dialogIds(): DialogIds | null {
    const dialog = this.session.dialog;
    if (!dialog || !isEstablished(this.current)) return null;
    return { callId: dialog.callId, remoteTag: dialog.remoteTag, localTag: dialog.localTag };
  }

  /**
   * The dialog's state a new page needs to take the call over (issue 24:
   * live-call-snapshot.ts), null before it is answered. The route set is in
   * the order its Route headers are sent.
   */
  liveDialog(): LiveDialog | null {
    const d = this.session.dialog;
    if (!d || !isEstablished(this.current)) return null;
    // sip.js's session dialog has both; its Session interface names neither.
    const localSeq = 'localSequenceNumber' in d && typeof d.localSequenceNumber === 'number' ? d.localSequenceNumber : null;
    const routeSet = 'routeSet' in d && Array.isArray(d.routeSet) ? d.routeSet.filter((r): r is string => typeof r === 'string') : [];
    return {
      callId: d.callId, localTag: d.localTag, remoteTag: d.remoteTag, localSeq,
      remoteTarget: d.remoteTarget.toString(), routeSet, localUri: d.localURI.toString(), remoteUri: d.remoteURI.toString(),
    };
  }

  /** The session is over: end as intended, else as its state suggests. */
  protected terminated(): void {
    this.end(this.endIntent ?? this.defaultEnd());
  }

  protected playTone(kind: RingKind, deviceId: string | null): void {
    this.tone?.ringtone.stop();
    this.tone = { kind, ringtone: this.env.media.startRingtone(deviceId, kind) };
  }

  /** The devices changed while a tone plays: a ring follows the ringer, a call-waiting beep or a ringback the speaker (no renegotiation: setSinkId). */
  async moveTone(): Promise<void> {
    if (!this.tone) return;
    const { ringer, speaker } = this.env.devices();
    await this.tone.ringtone.moveTo?.(this.tone.kind === 'ring' ? ringer : speaker);
  }

  protected stopTone(): void {
    this.tone?.ringtone.stop();
    this.tone = null;
  }

  protected end(intent: EndIntent): void {
    if (this.current.kind === 'ended') return;
    this.endedFrom = this.current.kind;
    this.stopTone();
    this.ended();
    this.move({ kind: 'ended', ...intent });
  }

  protected move(to: CallState): void {
    const wasHeld = this.current.kind === 'held';
    this.current = nextCall(this.current, to);
    if (this.current.kind === 'held' && !wasHeld) {
      this.heldAt = this.heldBefore ?? this.env.timers.now();
      this.heldBefore = null;
    }
    this.stateChanged();
  }

  private onSessionState(s: SessionState): void {
    if (s === SessionState.Established && this.current.kind !== 'ended' && !isEstablished(this.current)) {
      this.answeredAt = this.answeredBefore ?? this.env.timers.now();
      this.stopTone();
      this.move({ kind: 'active' });
      this.answered();
    } else if (s === SessionState.Terminated && this.current.kind !== 'ended') {
      this.terminated();
    }
  }

  private defaultEnd(): EndIntent {
    switch (this.current.kind) {
      case 'ringing':
        return { cause: 'cancelled', by: 'remote' };
      case 'answering':
      case 'calling':
      case 'remote-ringing':
        return { cause: 'failed', by: 'system' };
      default:
        return { cause: 'hangup', by: 'remote' };
    }
  }
}
