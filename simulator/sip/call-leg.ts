// One SIP dialog between the platform and an agent's phone, with its werift
// media: what an Asterisk channel to a PJSIP endpoint is. A leg lives on its
// dialog and its media, not on the phone's connection. It ends once: on the
// phone's BYE (or CANCEL, or refusal), on a platform hang-up (BYE/CANCEL or a
// refusal, sent even when it cannot arrive), on the ring timeout, on the RTP
// timeout, or when the platform restarts.
//
//   calling ──1xx──▶ ringing ──2xx──▶ answered ⇄ held (RTP timeout not counted)
//      │                │                │
//      └────────────────┴────────────────┴──▶ ended (once: onEnded says by whom and why)
//
// Who hears of it changes: a call owns a leg, a transfer hands it to another
// call (setEvents), and a transferred agent's leg waits alone for its BYE.
import { SessionState, type Session, type Transport } from 'sip.js';
import type { CustomerMedia, MediaLevels } from '../media/customer-media';
import { parseDtmfRelay } from './dtmf-relay';
import { rtpTimeoutCause, watchRtpTimeout } from './rtp-timeout';
import type { RtpTimeoutSetting } from './rtp-timeout-setting';

export interface CallEnd {
  endedBy: 'agent' | 'customer' | 'api' | 'failed' | 'transfer';
  cause: string;
  /** The final status the phone refused an INVITE with (486, 603, ...), when it did. */
  status?: number;
}

/** Who ends a leg from the platform side: Hang Up Call, the customer, a transfer, or the platform itself (timeouts, restart). */
export type PlatformEnd = Exclude<CallEnd['endedBy'], 'agent'>;

export interface LegEvents {
  onRinging?(): void;
  onAnswered?(): void;
  /** The phone sent a re-INVITE (its direction says whether it holds the call). */
  onHoldChange?(held: boolean): void;
  onDtmf?(digit: string): void;
  onEnded?(end: CallEnd): void;
}

export interface HangupOptions {
  /** The BYE is lost on its way (the zombie call a phone must find by itself). */
  byeLost?: boolean;
  /** The status a phone's INVITE that was not answered yet is refused with (default 503). */
  status?: number;
}

export interface CallLeg {
  readonly callId: string;
  /** `outgoing`: the platform called the phone; `incoming`: the phone called the platform. */
  readonly direction: 'outgoing' | 'incoming';
  readonly session: Session;
  /** The dialog's tags once it is confirmed (answered): the platform's (local) and the phone's (remote). */
  dialogTags(): { local: string; remote: string } | undefined;
  isAnswered(): boolean;
  isEnded(): boolean;
  media(): CustomerMedia | undefined;
  /** Who hears of this leg from now on. */
  setEvents(events: LegEvents): void;
  hangup(endedBy: PlatformEnd, cause?: string, options?: HangupOptions): Promise<void>;
  /**
   * Ends the leg at once as failed without a word to the phone, as a crashed
   * platform does; the caller first makes sure nothing can reach the phone.
   */
  drop(cause: string): void;
  levels(): MediaLevels | undefined;
}

export interface SessionLegOptions {
  rtpTimeout: RtpTimeoutSetting;
  transport: Transport;
  /** Called a moment after the dialog terminated (the media is kept that long for a last read of the levels). */
  onForget(): void;
  /** Called once when an answered leg ends, with its dialog's tags (a later Replaces may name it). */
  onDialogEnded(tags: { local: string; remote: string }): void;
}

export abstract class SessionLeg implements CallLeg {
  abstract readonly direction: 'outgoing' | 'incoming';
  protected events: LegEvents;
  protected ended: CallEnd | undefined;
  private answered = false;
  private currentMedia: CustomerMedia | undefined;
  private stopRtpWatch: (() => void) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  protected constructor(
    readonly session: Session,
    events: LegEvents,
    private readonly options: SessionLegOptions,
  ) {
    this.events = events;
    session.stateChange.addListener((state) => {
      if (state === SessionState.Established) this.onEstablished();
      if (state === SessionState.Terminated) {
        // sip.js enters Terminated before it hands a final 4xx-6xx to onReject: let that name the cause first.
        setImmediate(() => this.finish({ endedBy: 'failed', cause: this.answered ? 'call dropped' : 'call not established' }));
        setTimeout(() => options.onForget(), 1_000).unref();
      }
    });
  }

  abstract get callId(): string;

  dialogTags(): { local: string; remote: string } | undefined {
    const dialog = this.session.dialog;
    return this.answered && dialog ? { local: dialog.localTag, remote: dialog.remoteTag } : undefined;
  }

  isAnswered(): boolean {
    return this.answered;
  }

  isEnded(): boolean {
    return this.ended !== undefined;
  }

  media(): CustomerMedia | undefined {
    return this.currentMedia;
  }

  /** The SDH made the media of this leg. */
  attachMedia(media: CustomerMedia): void {
    this.currentMedia = media;
  }

  setEvents(events: LegEvents): void {
    this.events = events;
  }

  /** A digit from the media (RFC 4733) or from SIP INFO. */
  dtmf(digit: string): void {
    this.events.onDtmf?.(digit);
  }

  levels(): MediaLevels | undefined {
    return this.currentMedia?.levels();
  }

  async hangup(endedBy: PlatformEnd, cause?: string, options: HangupOptions = {}): Promise<void> {
    const state = this.session.state;
    if (this.ended || state === SessionState.Terminated || state === SessionState.Terminating) return;
    if (options.byeLost) loseNextBye(this.options.transport, this.callId);
    const end: CallEnd = { endedBy, cause: cause ?? defaultCause(endedBy) };
    this.settle(end);
    try {
      if (state === SessionState.Established) await this.session.bye();
      else await this.abandon(options.status ?? 503);
    } catch {
      // The signalling path is gone (the BYE is lost): the leg is over for the platform all the same.
    }
    this.events.onEnded?.(end);
  }

  drop(cause: string): void {
    if (this.ended) return;
    this.finish({ endedBy: 'failed', cause });
    void this.session.dispose().catch(() => undefined);
  }

  /** Ends an INVITE not answered yet: CANCEL ours, refuse the phone's with `status`. */
  protected abstract abandon(status: number): Promise<void>;

  protected finish(end: CallEnd): void {
    if (this.ended) return;
    this.settle(end);
    this.events.onEnded?.(end);
  }

  private settle(end: CallEnd): void {
    const tags = this.dialogTags();
    this.ended = end;
    this.stopTimers();
    if (tags) this.options.onDialogEnded(tags);
  }

  protected later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  protected wireDialogRequests(): void {
    this.session.delegate = {
      onBye: (bye) => {
        void bye.accept();
        this.finish({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
      },
      onInfo: (info) => {
        const digit = parseDtmfRelay(info.request.getHeader('content-type'), info.request.body);
        void info.accept();
        if (digit) this.dtmf(digit);
      },
      onInvite: () => this.events.onHoldChange?.(isHeld(this.currentMedia)),
      // Transfers are answered before sip.js sees them (transfer/); a REFER that still gets here (an external server) is not implemented.
      onRefer: (referral) => void referral.reject({ statusCode: 501 }).catch(() => undefined),
    };
  }

  private onEstablished(): void {
    this.stopTimers();
    this.answered = true;
    this.stopRtpWatch = watchRtpTimeout({
      setting: this.options.rtpTimeout,
      activity: () => ({ lastActivityAt: this.currentMedia?.lastAgentActivityAt(), held: isHeld(this.currentMedia) }),
      onTimeout: (timeoutMs) => void this.hangup('failed', rtpTimeoutCause(timeoutMs)).catch(() => undefined),
    });
    this.events.onAnswered?.();
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopRtpWatch?.();
    this.stopRtpWatch = undefined;
  }
}

export function isHeld(media: CustomerMedia | undefined): boolean {
  const direction = media?.agentDirection() ?? 'sendrecv';
  return direction === 'sendonly' || direction === 'inactive';
}

function defaultCause(endedBy: PlatformEnd): string {
  if (endedBy === 'customer') return 'customer hung up';
  if (endedBy === 'api') return 'Hang Up Call';
  if (endedBy === 'transfer') return 'transferred';
  return 'ended by the platform';
}

/** Only the in-process transport can lose a message on purpose; through an external server the BYE goes out. */
function loseNextBye(transport: Transport, callId: string): void {
  const local = transport as Partial<{ loseNext(callId: string, method: string): void }>;
  if (typeof local.loseNext !== 'function') throw new Error('Losing the BYE needs the simulator\'s own registrar (not an external SIP server).');
  local.loseNext(callId, 'BYE');
}
