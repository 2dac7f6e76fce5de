/**
 * A call an earlier page of this app had answered, taken over by this page
 * after a reload or a renderer crash (issue 24). The old page's sip.js and
 * peer connection are gone, but the platform still has the call (Asterisk
 * keeps a call whose WebSocket closed until its RTP timeout). This page sends
 * a re-INVITE in that dialog, from its own connection and with a new offer:
 * same Call-ID, From tag and To tag, a CSeq above the old page's, the
 * Request-URI the old dialog's remote target, its route set as Route headers
 * (RFC 3261 §12.2.1.1). To sip.js here it is an initial INVITE (an Inviter);
 * on the 2xx it builds the dialog itself, so from then on the call is an
 * ordinary established call: hold, mute, DTMF, BYE, transfer.
 *
 *   answering ──2xx──▶ active (──▶ held at once when it was held: the offer said sendonly)
 *       │
 *       └── a final non-2xx (481: the platform no longer knows the dialog), no answer
 *           within the bound, or not sent ──▶ ended {network-dropped, reason phone.takeover.*}
 *
 * The timer goes on from the first answer; mute is restored before the first
 * packet leaves. A ringing call is never taken over (use-call-takeover.ts
 * records it as missed): answering it here would answer for the agent.
 */
import { Inviter, UserAgent, type Core, type Web } from 'sip.js';
import type { LiveCallSnapshot, LiveDialog } from '../../../../common/ipc/live-call';
import { phoneEnglish } from '../phone-english';
import { PhoneError } from '../phone-error';
import { PhoneCall, type CallDirection, type CallEnvironment, type CallInfo, type HangUpResult } from './phone-call';
import type { EndIntent } from './call-session';
import { keepRouteSet } from './dialog-route-set';

/** How far above the old page's last CSeq the take-over starts: the old page may have sent requests after its last report (a refresh). */
export const TAKEOVER_CSEQ_MARGIN = 100;
/** How long the platform may take to answer the take-over before the call counts as lost. */
export const TAKEOVER_ANSWER_MS = 8_000;
/**
 * How long the new page may take to connect before the call counts as lost:
 * the platform ends a call without RTP after its RTP timeout (Asterisk's
 * default 30 s here), so a take-over later than that finds nothing.
 */
export const TAKEOVER_CONNECT_MS = 20_000;

export type TakeOverOutcome =
  | { readonly kind: 'taken' }
  | { readonly kind: 'lost'; readonly status: number | null };

export class TakenOverCall extends PhoneCall {
  private readonly dialog: LiveDialog;
  private readonly held: boolean;
  /** The take-over waiting for the state it comes to. */
  private watching: ((kind: string) => void) | null = null;

  constructor(
    private readonly inviter: Inviter,
    snapshot: LiveCallSnapshot & { dialog: LiveDialog },
    cseq: number,
    env: CallEnvironment,
    /** Hands the old route set to the dialog the 200 creates (dialog-route-set.ts); returns its removal. */
    private readonly keepRoutes: () => () => void = () => () => undefined,
  ) {
    super(inviter, { kind: 'answering' }, infoOf(snapshot, env), env);
    this.dialog = { ...snapshot.dialog, localSeq: cseq };
    this.held = snapshot.state === 'held';
    this.answeredBefore = snapshot.answeredAt;
    this.heldBefore = snapshot.heldSince;
    if (snapshot.muted) this.setMuted(true);
  }

  get direction(): CallDirection {
    return this.info.direction;
  }

  /**
   * While the take-over is under way, the dialog as it will be (the CSeq this
   * page sent): a page reloaded again meanwhile starts above it, not at the same number.
   */
  override liveDialog(): LiveDialog | null {
    return this.current.kind === 'answering' ? this.dialog : super.liveDialog();
  }

  /** Whether it was on hold before the reload (the take-over's offer holds it again). */
  get wasHeld(): boolean {
    return this.held;
  }

  /**
   * Sends the take-over as soon as `connected` says the phone's WebSocket is
   * up (an in-dialog request needs no registration); resolves once the
   * platform took it (active, or held again) or it was lost (ended).
   */
  async start(connected: (timeoutMs: number) => Promise<boolean>, answerMs = TAKEOVER_ANSWER_MS): Promise<TakeOverOutcome> {
    if (!(await connected(TAKEOVER_CONNECT_MS))) {
      const reason = { key: 'phone.takeover.notSent', params: { detail: 'the phone could not connect to the platform' } } as const;
      this.end({ cause: 'network-dropped', by: 'system', reason, detail: phoneEnglish(reason) });
      void this.inviter.dispose().catch(() => undefined);
      return { kind: 'lost', status: null };
    }
    if (this.current.kind !== 'answering') return { kind: 'lost', status: null };
    return this.send(answerMs);
  }

  private send(answerMs: number): Promise<TakeOverOutcome> {
    const releaseRoutes = this.keepRoutes();
    const mic = this.env.devices().microphone;
    // Held before the reload: the offer says sendonly, so the customer keeps hearing the hold, not the agent.
    const media: Web.SessionDescriptionHandlerOptions = { constraints: { audio: mic ? { deviceId: { exact: mic } } : true, video: false }, hold: this.held };
    return new Promise<TakeOverOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: TakeOverOutcome): void => {
        if (settled) return;
        settled = true;
        this.env.timers.clearTimeout(timer);
        resolve(outcome);
      };
      const lose = (status: number | null, reason: EndIntent['reason']): void => {
        // Settled first: ending the call below tells the watcher too, which knows no status.
        settle({ kind: 'lost', status });
        if (this.current.kind === 'answering') {
          this.endIntent ??= { cause: 'network-dropped', by: 'system', ...(reason ? { reason, detail: phoneEnglish(reason) } : {}) };
          this.end(this.endIntent);
          void this.inviter.dispose().catch(() => undefined);
        }
      };
      const timer = this.env.timers.setTimeout(() => lose(null, { key: 'phone.takeover.noAnswer', params: {} }), answerMs);
      this.watching = (kind) => {
        // Held again (it was held): the state after `active`, in the same task.
        if ((kind === 'active' && !this.held) || kind === 'held') settle({ kind: 'taken' });
        else if (kind === 'ended') settle({ kind: 'lost', status: null });
      };
      void this.inviter
        .invite({
          sessionDescriptionHandlerOptions: media,
          requestDelegate: {
            onReject: (response: Core.IncomingResponse) => {
              const status = response.message.statusCode ?? 0;
              const reason = { key: 'phone.takeover.refused', params: { status: `${status} ${response.message.reasonPhrase ?? ''}`.trim() } } as const;
              this.endIntent ??= { cause: 'network-dropped', by: 'system', reason, detail: phoneEnglish(reason) };
              lose(status, reason);
            },
          },
        })
        .catch((error: unknown) => lose(null, { key: 'phone.takeover.notSent', params: { detail: error instanceof Error ? error.message : String(error) } }));
    }).finally(() => {
      this.watching = null;
      releaseRoutes();
    });
  }

  async answer(): Promise<void> {
    if (this.current.kind === 'active' || this.current.kind === 'held') return;
    throw new PhoneError(this.current.kind === 'ended' ? 'phone.err.ended' : 'phone.err.answerOutgoing');
  }

  async reject(): Promise<void> {
    throw new PhoneError('phone.err.rejectNotRinging');
  }

  /** Hung up while the take-over is under way: no dialog here to send BYE in; the UI ends it at the platform (Hang Up Call). */
  protected async hangUpUnanswered(): Promise<HangUpResult | null> {
    if (this.current.kind !== 'answering') return null;
    const reason = 'The call was still being taken back after the page was reloaded, so the phone could not hang up by itself.';
    this.endIntent = { cause: 'signalling-lost', by: 'agent', detail: reason };
    this.end(this.endIntent);
    void this.inviter.dispose().catch(() => undefined);
    return { signalled: false, reason };
  }

  /** It was held before the reload: once the platform took the call (the offer said sendonly), it is held again here too. */
  protected override answered(): void {
    super.answered();
    if (this.held && this.current.kind === 'active') {
      // A re-INVITE from the far end is answered as held too, until the agent resumes.
      this.session.sessionDescriptionHandlerOptionsReInvite = { ...this.session.sessionDescriptionHandlerOptionsReInvite, hold: true } as Web.SessionDescriptionHandlerOptions;
      this.move({ kind: 'held' });
      this.applyTrackState();
    }
  }

  protected override stateChanged(): void {
    super.stateChanged();
    this.watching?.(this.current.kind);
  }

  /** sip.js ends the session before it hands over the final failure response: wait for it, it comes in the same task. */
  protected override terminated(): void {
    if (this.current.kind === 'answering' && this.endIntent === null) queueMicrotask(() => super.terminated());
    else super.terminated();
  }
}

function infoOf(snapshot: LiveCallSnapshot, env: CallEnvironment): CallInfo {
  // A consultation leg stays one: linked to its customer's call, named by its target (no wrap-up of its own).
  const consultation = snapshot.consultation;
  return {
    id: snapshot.id, direction: snapshot.direction, role: consultation ? 'consultation' : 'customer',
    consultationOf: consultation?.of ?? null, target: consultation?.target ?? null,
    remoteUser: snapshot.remoteUser, remoteDisplayName: snapshot.remoteDisplayName, cti: snapshot.cti, ctiError: snapshot.ctiError,
    referredBy: snapshot.referredBy, autoAnswer: { answer: false, because: 'not-requested' }, receivedAt: env.timers.now(),
    offeredWhileBusy: false, takenOver: true,
  };
}

/**
 * The Inviter whose INVITE is a re-INVITE in `dialog`: sip.js builds an
 * initial INVITE's Call-ID, tags, CSeq and Route from the options of its
 * core's request factory, so the factory is given the dialog's for the time
 * of the construction (the Inviter has no option for them).
 */
export function inDialogInviter(ua: UserAgent, dialog: LiveDialog, cseq: number): Inviter {
  const target = UserAgent.makeURI(dialog.remoteTarget);
  const from = UserAgent.makeURI(dialog.localUri);
  const to = UserAgent.makeURI(dialog.remoteUri);
  if (!target || !from || !to) throw new PhoneError('phone.err.target.invalid');
  const core = ua.userAgentCore;
  const make = core.makeOutgoingRequestMessage.bind(core);
  core.makeOutgoingRequestMessage = (method, ruri, fromUri, toUri, options, extraHeaders, body) =>
    make(method, ruri, fromUri, toUri, { ...options, callId: dialog.callId, fromTag: dialog.localTag, toTag: dialog.remoteTag, cseq, routeSet: [...dialog.routeSet] }, extraHeaders, body);
  try {
    return new Inviter(ua, target, { params: { fromUri: from, toUri: to }, earlyMedia: false });
  } finally {
    core.makeOutgoingRequestMessage = make;
  }
}

/** Builds the take-over of `snapshot`'s call (not yet sent: `start()`). */
export function takeOverCall(ua: UserAgent, snapshot: LiveCallSnapshot & { dialog: LiveDialog }, env: CallEnvironment): TakenOverCall {
  const cseq = takeoverCseq(snapshot.dialog);
  return new TakenOverCall(inDialogInviter(ua, snapshot.dialog, cseq), snapshot, cseq, env, () => keepRouteSet(ua, snapshot.dialog));
}

/** The CSeq the take-over sends: above anything the old page may have sent in the dialog. */
export function takeoverCseq(dialog: LiveDialog): number {
  return Math.min((dialog.localSeq ?? 0) + TAKEOVER_CSEQ_MARGIN, 2 ** 31 - 1);
}
