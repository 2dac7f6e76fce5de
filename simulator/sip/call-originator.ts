// The platform's SIP user agent: a sip.js UserAgent (UAC and UAS) whose media
// is werift (customer-sdh.ts). It places calls to phones (OutgoingLeg) and
// takes the phones' own INVITEs (IncomingLeg), and remembers the dialogs it
// held for a while (INVITE/REFER with Replaces name them). It knows nothing of
// the registrar: give it the in-process LocalTransport, or (issue 7) sip.js's
// WebSocket transport to an external server with its own credentials.
import { Inviter, UserAgent, type Invitation, type Session, type Transport, type URI, type UserAgentOptions } from 'sip.js';
import type { G711Codec } from '../media/customer-media';
import type { CallEnd, CallLeg, LegEvents, PlatformEnd, SessionLeg, SessionLegOptions } from './call-leg';
import { customerSdhFactory } from './customer-sdh';
import { EndedDialogs } from './ended-dialogs';
import { IncomingLeg } from './incoming-leg';
import { OutgoingLeg } from './outgoing-leg';
import { RtpTimeoutSetting } from './rtp-timeout-setting';

export type { CallEnd, CallLeg, LegEvents, PlatformEnd };

/** A call the platform placed: its leg to the phone. */
export type OriginatedCall = CallLeg;

export interface OutboundCallRequest {
  /** Request-URI: the agent's registered Contact, or `sip:<phone>@<domain>` through a proxy. */
  target: URI;
  /** To header URI (the agent's AOR). */
  toUri: URI;
  /** From: who the agent sees calling (the customer number). */
  fromUser: string;
  fromDisplayName?: string;
  /** Complete header lines, e.g. `P-Auto-Answer: normal`. */
  extraHeaders: string[];
  codecs: G711Codec[];
  /** Give up (CANCEL) when not answered within this time (default 45 s). */
  ringTimeoutMs?: number;
}

export interface OriginatorOptions {
  /** Host part of the originator's URIs (the instance host). */
  domain: string;
  mediaAddress: string;
  transportConstructor: UserAgentOptions['transportConstructor'];
  transportOptions?: unknown;
  /** Extra UserAgent options (credentials for an external server, ...). */
  userAgentOptions?: Partial<UserAgentOptions>;
  /** The RTP-inactivity timeout in force (default 30 s). */
  rtpTimeout?: RtpTimeoutSetting;
  /** Codecs offered and accepted on the phones' own calls. */
  codecs?: G711Codec[];
}

/** What a dialog named by Call-ID and tags is to the platform now. */
export type DialogLookup = { kind: 'live'; leg: CallLeg } | { kind: 'early'; leg: CallLeg } | { kind: 'ended' } | { kind: 'unknown' };

export class CallOriginator {
  private readonly byCallId = new Map<string, SessionLeg>();
  private readonly ended = new EndedDialogs();

  private constructor(
    readonly userAgent: UserAgent,
    // Shared with the SDH factory, which looks legs up by their session.
    private readonly legs: Map<Session, SessionLeg>,
    private readonly codecsFor: Map<Session, G711Codec[]>,
    private readonly rtpTimeout: RtpTimeoutSetting,
  ) {}

  static async start(options: OriginatorOptions): Promise<CallOriginator> {
    const legs = new Map<Session, SessionLeg>();
    const codecsFor = new Map<Session, G711Codec[]>();
    const userAgent = new UserAgent({
      uri: UserAgent.makeURI(`sip:platform@${options.domain}`),
      contactName: 'platform',
      viaHost: options.domain,
      userAgentString: 'integra-simulator',
      logBuiltinEnabled: false,
      logLevel: 'error',
      // The platform says 180 itself when the target rings (a phone's INVITE).
      sendInitialProvisionalResponse: false,
      transportConstructor: options.transportConstructor,
      transportOptions: options.transportOptions,
      sessionDescriptionHandlerFactory: customerSdhFactory(
        (session) => ({
          codecs: codecsFor.get(session) ?? options.codecs ?? ['PCMA', 'PCMU'],
          mediaAddress: options.mediaAddress,
          onDtmf: (digit) => legs.get(session)?.dtmf(digit),
        }),
        (session, media) => legs.get(session)?.attachMedia(media),
      ),
      delegate: { onInvite: (invitation) => void invitation.reject({ statusCode: 403 }).catch(() => undefined) },
      ...options.userAgentOptions,
    });
    await userAgent.start();
    return new CallOriginator(userAgent, legs, codecsFor, options.rtpTimeout ?? new RtpTimeoutSetting());
  }

  get transport(): Transport {
    return this.userAgent.transport;
  }

  place(request: OutboundCallRequest, events: LegEvents): CallLeg {
    const fromUri = UserAgent.makeURI(`sip:${request.fromUser}@${this.userAgent.configuration.uri.host}`);
    const inviter = new Inviter(this.userAgent, request.target, {
      extraHeaders: request.extraHeaders,
      params: {
        toUri: request.toUri,
        ...(fromUri ? { fromUri } : {}),
        ...(request.fromDisplayName ? { fromDisplayName: request.fromDisplayName } : {}),
      },
    });
    this.codecsFor.set(inviter, request.codecs);
    const leg: OutgoingLeg = new OutgoingLeg(inviter, events, {
      ...this.legOptions(() => this.forget(inviter, leg), () => leg.callId),
      ringTimeoutMs: request.ringTimeoutMs ?? 45_000,
    });
    this.track(inviter, leg);
    leg.send();
    return leg;
  }

  /** Phones' INVITEs (the registrar mode's own routing answers them); without a handler they are refused 403. */
  onIncomingCall(handler: (invitation: Invitation) => void): void {
    this.userAgent.delegate = { ...this.userAgent.delegate, onInvite: handler };
  }

  /** Takes a phone's INVITE as a leg (nothing is answered yet). */
  receive(invitation: Invitation, events: LegEvents): IncomingLeg {
    const leg: IncomingLeg = new IncomingLeg(invitation, events, this.legOptions(() => this.forget(invitation, leg), () => leg.callId));
    this.track(invitation, leg);
    return leg;
  }

  /** Whether the leg with this Call-ID is still going on (not ended, whatever its dialog still does). */
  isLive(callId: string): boolean {
    const leg = this.byCallId.get(callId);
    return leg !== undefined && !leg.isEnded();
  }

  /** The leg of this Call-ID, live or not yet forgotten. */
  legOf(callId: string): CallLeg | undefined {
    return this.byCallId.get(callId);
  }

  /**
   * The dialog a Replaces names (RFC 3891: `to-tag` is the platform's tag,
   * `from-tag` the phone's), as the platform knows it now.
   */
  findDialog(callId: string, localTag: string, remoteTag: string): DialogLookup {
    const leg = this.byCallId.get(callId);
    if (leg && !leg.isEnded()) {
      const tags = leg.dialogTags();
      if (!tags) return { kind: 'early', leg };
      if (tags.local === localTag && tags.remote === remoteTag) return { kind: 'live', leg };
      return { kind: 'unknown' };
    }
    return this.ended.has(callId, localTag, remoteTag) ? { kind: 'ended' } : { kind: 'unknown' };
  }

  async close(): Promise<void> {
    await this.userAgent.stop();
  }

  private legOptions(onForget: () => void, callId: () => string): SessionLegOptions {
    return {
      rtpTimeout: this.rtpTimeout,
      transport: this.transport,
      onForget,
      onDialogEnded: (tags) => this.ended.remember(callId(), tags.local, tags.remote),
    };
  }

  private track(session: Session, leg: SessionLeg): void {
    this.legs.set(session, leg);
    this.byCallId.set(leg.callId, leg);
  }

  private forget(session: Session, leg: SessionLeg): void {
    this.legs.delete(session);
    this.codecsFor.delete(session);
    if (this.byCallId.get(leg.callId) === leg) this.byCallId.delete(leg.callId);
  }
}
