// The platform side of calls to agents: a sip.js UserAgent (UAC/UAS) whose
// media is the werift customer. It knows nothing of the registrar: give it the
// in-process LocalTransport, or (issue 7) sip.js's WebSocket transport to an
// external server with its own credentials.
import { Inviter, SessionState, UserAgent, type Session, type Transport, type URI, type UserAgentOptions } from 'sip.js';
import type { CustomerMedia, G711Codec, MediaLevels } from '../media/customer-media';
import { customerSdhFactory } from './customer-sdh';
import { parseDtmfRelay } from './dtmf-relay';

export interface CallEnd {
  endedBy: 'agent' | 'customer' | 'api' | 'failed';
  cause: string;
}

export interface OutboundCallEvents {
  onRinging?(): void;
  onAnswered?(): void;
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
}

export interface OriginatedCall {
  readonly callId: string;
  /** Ends the call from the platform side: CANCEL while ringing, BYE once answered. */
  hangup(endedBy: 'api' | 'customer', cause?: string): Promise<void>;
  levels(): MediaLevels | undefined;
}

interface CallContext {
  request: OutboundCallRequest;
  events: OutboundCallEvents;
  media?: CustomerMedia;
  end?: CallEnd;
  answered: boolean;
  /** Ends the call at once without signalling (the agent's connection is gone). */
  abort?(cause: string): void;
}

export class CallOriginator {
  private constructor(
    readonly userAgent: UserAgent,
    // Shared with the SDH factory, which looks calls up by their session.
    private readonly calls: Map<Session, CallContext>,
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
    return new CallOriginator(userAgent, calls);
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
    this.calls.set(inviter, context);
    const finish = (end: CallEnd): void => {
      if (context.end) return;
      context.end = end;
      events.onEnded?.(end);
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
      onInvite: () => {
        const direction = context.media?.agentDirection() ?? 'sendrecv';
        events.onHoldChange?.(direction === 'sendonly' || direction === 'inactive');
      },
    };
    let ringTimer: NodeJS.Timeout | undefined = setTimeout(() => {
      void hangup('failed', 'no answer').catch(() => undefined);
    }, request.ringTimeoutMs ?? 45_000);
    const stopRingTimer = (): void => {
      if (ringTimer) clearTimeout(ringTimer);
      ringTimer = undefined;
    };
    inviter.stateChange.addListener((state) => {
      if (state === SessionState.Established) {
        stopRingTimer();
        context.answered = true;
        events.onAnswered?.();
      }
      if (state === SessionState.Terminated) {
        stopRingTimer();
        // sip.js enters Terminated before it hands a final 4xx-6xx to onReject: let that name the cause first.
        setImmediate(() => finish({ endedBy: 'failed', cause: context.answered ? 'call dropped' : 'call not established' }));
        // Keep the media a little for a last read of the levels, then forget the call.
        setTimeout(() => this.calls.delete(inviter), 1_000).unref();
      }
    });
    const hangup = async (endedBy: 'api' | 'customer' | 'failed', cause?: string): Promise<void> => {
      const reason = cause ?? (endedBy === 'customer' ? 'customer hung up' : 'Hang Up Call');
      if (context.end || inviter.state === SessionState.Terminated || inviter.state === SessionState.Terminating) return;
      context.end = { endedBy, cause: reason };
      try {
        if (inviter.state === SessionState.Established) await inviter.bye();
        else await inviter.cancel();
      } catch {
        // The signalling path is gone: the call is over for the platform all the same.
      }
      events.onEnded?.(context.end);
    };
    context.abort = (cause) => {
      stopRingTimer();
      finish({ endedBy: 'failed', cause });
      void inviter.dispose().catch(() => undefined);
    };
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
    return {
      callId: inviter.request.callId,
      hangup: (endedBy, cause) => hangup(endedBy, cause),
      levels: () => context.media?.levels(),
    };
  }

  /** The path to the agent of call `callId` is gone (its WebSocket closed): end the call as failed. */
  connectionLost(callId: string): void {
    for (const [session, context] of this.calls) {
      if (session instanceof Inviter && session.request.callId === callId) context.abort?.('agent connection lost');
    }
  }

  async close(): Promise<void> {
    await this.userAgent.stop();
  }
}
