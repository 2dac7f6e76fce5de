// The platform side of calls to agents: a sip.js UserAgent (UAC/UAS) whose
// media is the werift customer. It knows nothing of the registrar: give it the
// in-process LocalTransport, or (issue 7) sip.js's WebSocket transport to an
// external server with its own credentials.
//
// A call lives on its dialog and its media, as an Asterisk channel does, not
// on the agent's connection: losing the WebSocket ends nothing. It ends on the
// agent's BYE or rejection, on a platform hang-up (BYE/CANCEL, sent even when
// it cannot arrive), on the ring timeout, on the RTP timeout, or when the
// platform restarts.
//
//   calling ──180/183──▶ ringing ──2xx──▶ answered ⇄ held (RTP timeout not counted)
//      │                    │                │
//      └────────────────────┴────────────────┴──▶ ended (once: onEnded says by whom and why)
import { Inviter, SessionState, UserAgent, type Session, type Transport, type URI, type UserAgentOptions } from 'sip.js';
import type { CustomerMedia, G711Codec, MediaLevels } from '../media/customer-media';
import { customerSdhFactory } from './customer-sdh';
import { parseDtmfRelay } from './dtmf-relay';
import { rtpTimeoutCause, watchRtpTimeout } from './rtp-timeout';
import { RtpTimeoutSetting } from './rtp-timeout-setting';

export interface CallEnd {
  endedBy: 'agent' | 'customer' | 'api' | 'failed';
  cause: string;
}

/** Who ends a call from the platform side: Hang Up Call, the customer, or the platform itself (timeouts, restart). */
export type PlatformEnd = Exclude<CallEnd['endedBy'], 'agent'>;

export interface OutboundCallEvents {
  onRinging?(): void;
  onAnswered?(): void;
  /** The agent sent a re-INVITE (its direction says whether it holds the call). */
  onHoldChange?(held: boolean): void;
  onDtmf?(digit: string): void;
  onEnded?(end: CallEnd): void;
}

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
  /** Give up (CANCEL) when not answered within this time. */
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
}

export interface OriginatedCall {
  readonly callId: string;
  /**
   * Ends the call from the platform side: CANCEL while ringing, BYE once
   * answered (lost when the agent is unreachable, or when `byeLost` says so:
   * the way a phone ends up showing a call that is gone).
   */
  hangup(endedBy: PlatformEnd, cause?: string, options?: { byeLost?: boolean }): Promise<void>;
  /**
   * Ends the call at once as failed without a word to the agent, as a crashed
   * platform does; the caller first makes sure nothing can reach the agent
   * (sip.js still tries a BYE while it disposes of the session).
   */
  drop(cause: string): void;
  levels(): MediaLevels | undefined;
}

interface CallContext {
  request: OutboundCallRequest;
  events: OutboundCallEvents;
  media?: CustomerMedia;
  end?: CallEnd;
  answered: boolean;
}

export class CallOriginator {
  private readonly byCallId = new Map<string, CallContext>();

  private constructor(
    readonly userAgent: UserAgent,
    // Shared with the SDH factory, which looks calls up by their session.
    private readonly calls: Map<Session, CallContext>,
    private readonly rtpTimeout: RtpTimeoutSetting,
  ) {}

  static async start(options: OriginatorOptions): Promise<CallOriginator> {
    const calls = new Map<Session, CallContext>();
    const userAgent = new UserAgent({
      uri: UserAgent.makeURI(`sip:platform@${options.domain}`),
      contactName: 'platform',
      viaHost: options.domain,
      userAgentString: 'integra-simulator',
      logBuiltinEnabled: false,
      logLevel: 'error',
      transportConstructor: options.transportConstructor,
      transportOptions: options.transportOptions,
      sessionDescriptionHandlerFactory: customerSdhFactory(
        (session) => {
          const context = calls.get(session);
          return {
            codecs: context?.request.codecs ?? ['PCMA', 'PCMU'],
            mediaAddress: options.mediaAddress,
            onDtmf: (digit) => context?.events.onDtmf?.(digit),
          };
        },
        (session, media) => {
          const context = calls.get(session);
          if (context) context.media = media;
        },
      ),
      ...options.userAgentOptions,
    });
    await userAgent.start();
    return new CallOriginator(userAgent, calls, options.rtpTimeout ?? new RtpTimeoutSetting());
  }

  get transport(): Transport {
    return this.userAgent.transport;
  }

  place(request: OutboundCallRequest, events: OutboundCallEvents): OriginatedCall {
    const fromUri = UserAgent.makeURI(`sip:${request.fromUser}@${this.userAgent.configuration.uri.host}`);
    const inviter = new Inviter(this.userAgent, request.target, {
      extraHeaders: request.extraHeaders,
      params: {
        toUri: request.toUri,
        ...(fromUri ? { fromUri } : {}),
        ...(request.fromDisplayName ? { fromDisplayName: request.fromDisplayName } : {}),
      },
    });
    const context: CallContext = { request, events, answered: false };
    const callId = inviter.request.callId;
    this.calls.set(inviter, context);
    this.byCallId.set(callId, context);
    let ringTimer: NodeJS.Timeout | undefined;
    let stopRtpWatch: (() => void) | undefined;
    const stopTimers = (): void => {
      if (ringTimer) clearTimeout(ringTimer);
      ringTimer = undefined;
      stopRtpWatch?.();
      stopRtpWatch = undefined;
    };
    const finish = (end: CallEnd): void => {
      if (context.end) return;
      context.end = end;
      stopTimers();
      events.onEnded?.(end);
    };
    const hangup = async (endedBy: PlatformEnd, cause?: string, options: { byeLost?: boolean } = {}): Promise<void> => {
      if (context.end || inviter.state === SessionState.Terminated || inviter.state === SessionState.Terminating) return;
      if (options.byeLost) loseNextBye(this.transport, callId);
      const end: CallEnd = { endedBy, cause: cause ?? defaultCause(endedBy) };
      context.end = end;
      stopTimers();
      try {
        if (inviter.state === SessionState.Established) await inviter.bye();
        else await inviter.cancel();
      } catch {
        // The signalling path is gone (the BYE is lost): the call is over for the platform all the same.
      }
      events.onEnded?.(end);
    };
    const drop = (cause: string): void => {
      if (context.end) return;
      finish({ endedBy: 'failed', cause });
      void inviter.dispose().catch(() => undefined);
    };
    inviter.delegate = {
      onBye: (bye) => {
        void bye.accept();
        finish({ endedBy: 'agent', cause: 'agent hung up (BYE)' });
      },
      onInfo: (info) => {
        const digit = parseDtmfRelay(info.request.getHeader('content-type'), info.request.body);
        void info.accept();
        if (digit) events.onDtmf?.(digit);
      },
      onInvite: () => events.onHoldChange?.(isHeld(context.media)),
    };
    ringTimer = setTimeout(() => void hangup('failed', 'no answer').catch(() => undefined), request.ringTimeoutMs ?? 45_000);
    inviter.stateChange.addListener((state) => {
      if (state === SessionState.Established) {
        if (ringTimer) clearTimeout(ringTimer);
        ringTimer = undefined;
        context.answered = true;
        stopRtpWatch = watchRtpTimeout({
          setting: this.rtpTimeout,
          activity: () => ({ lastActivityAt: context.media?.lastAgentActivityAt(), held: isHeld(context.media) }),
          onTimeout: (timeoutMs) => void hangup('failed', rtpTimeoutCause(timeoutMs)).catch(() => undefined),
        });
        events.onAnswered?.();
      }
      if (state === SessionState.Terminated) {
        // sip.js enters Terminated before it hands a final 4xx-6xx to onReject: let that name the cause first.
        setImmediate(() => finish({ endedBy: 'failed', cause: context.answered ? 'call dropped' : 'call not established' }));
        // Keep the media a little for a last read of the levels, then forget the call.
        setTimeout(() => {
          this.calls.delete(inviter);
          this.byCallId.delete(callId);
        }, 1_000).unref();
      }
    });
    let rang = false;
    void inviter
      .invite({
        requestDelegate: {
          onProgress: (response) => {
            if (response.message.statusCode === 180 || response.message.statusCode === 183) {
              rang = true;
              events.onRinging?.();
            }
          },
          onReject: (response) => {
            const status = response.message.statusCode ?? 0;
            const phrase = `${status} ${response.message.reasonPhrase ?? ''}`.trim();
            if (status === 487) return; // our own CANCEL: the hang-up already recorded the end
            // A 480 before any ringing comes from a proxy (the phone is not registered there), not from the agent.
            const byAgent = status === 486 || status === 603 || (status === 480 && rang);
            finish(byAgent ? { endedBy: 'agent', cause: `rejected: ${phrase}` } : { endedBy: 'failed', cause: `agent phone answered ${phrase}` });
          },
        },
      })
      .catch((error: unknown) => {
        finish({ endedBy: 'failed', cause: error instanceof Error ? error.message : 'sending the INVITE failed' });
      });
    return { callId, hangup, drop, levels: () => context.media?.levels() };
  }

  /** Whether the call with this Call-ID is still going on (not ended, whatever its dialog still does). */
  isLive(callId: string): boolean {
    const context = this.byCallId.get(callId);
    return context !== undefined && context.end === undefined;
  }

  async close(): Promise<void> {
    await this.userAgent.stop();
  }
}

function isHeld(media: CustomerMedia | undefined): boolean {
  const direction = media?.agentDirection() ?? 'sendrecv';
  return direction === 'sendonly' || direction === 'inactive';
}

function defaultCause(endedBy: PlatformEnd): string {
  if (endedBy === 'customer') return 'customer hung up';
  if (endedBy === 'api') return 'Hang Up Call';
  return 'ended by the platform';
}

/** Only the in-process transport can lose a message on purpose; through an external server the BYE goes out. */
function loseNextBye(transport: Transport, callId: string): void {
  const local = transport as Partial<{ loseNext(callId: string, method: string): void }>;
  if (typeof local.loseNext !== 'function') throw new Error('Losing the BYE needs the simulator\'s own registrar (not an external SIP server).');
  local.loseNext(callId, 'BYE');
}
