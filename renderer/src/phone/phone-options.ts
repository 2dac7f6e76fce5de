/** How a phone is built: credentials from main plus tunables, each with a sensible default. */
import type { LogConnector, LogLevel, SessionDescriptionHandlerFactory, UserAgentOptions } from 'sip.js';
import type { SipCredentials } from '../../../common/ipc/session';
import type { RandomSource } from '../../../common/backoff';
import type { ReconnectCurve } from '../../../common/reconnect-curve';
import type { MediaWatchOptions } from './media/media-watch';
import type { MediaPort } from './media/media-port';
import type { ReachabilityPort } from './connection/reconnector';
import type { Timers } from './timers';
import type { SipTrace } from './connection/sip-trace';
import type { ConferenceMixer } from './conference/conference-mixer';
import type { ReferBounds } from './transfer/refer-follower';

export interface PhoneOptions {
  /** From main: URI, auth user, HA1 (never a password), WebSocket URL, realm, display name. */
  readonly credentials: SipCredentials;
  /** Header that carries the CTI object (default `X-CTI`). */
  readonly ctiHeader?: string;
  /** ICE servers; default none (loopback and LAN need none; a public STUN default would hang gathering offline). */
  readonly iceServers?: RTCIceServer[];
  /** Stop waiting for ICE candidates after this long (default 500 ms). */
  readonly iceGatheringTimeoutMs?: number;
  /** REGISTER expiry asked of the registrar, seconds (default 300). */
  readonly registerExpiresSec?: number;
  /** The page's own retry schedule once its quick tries failed, when main cannot probe (default RECONNECT_CURVE: 2.6 s apart, 6 s after 36 s). */
  readonly reconnect?: ReconnectCurve;
  /** Main's probe of the SIP server (`phone.waitSipReachable`): each reconnect waits for it instead of hammering; its slots on the curve spread a floor's return (common/reconnect-curve.ts). */
  readonly reachability?: ReachabilityPort;
  /** Keep-alive: check a connection quiet for `idleMs`; no answer within `answerMs` = dead (defaults 4.5 s / 3 s). */
  readonly keepAlive?: { readonly idleMs?: number; readonly answerMs?: number };
  /** No audio after `silentAfterMs`; offer to end after `offerEndAfterMs` without audio and signalling (defaults 3 s / 20 s). */
  readonly mediaWatch?: MediaWatchOptions;
  /** A refresh re-INVITE unanswered this long means the call is gone (default 5 s). */
  readonly refreshAnswerMs?: number;
  /** How long a Make Call the UI announced stays eligible for auto-answer (default 30 s). */
  readonly makeCallWindowMs?: number;
  /** WebSocket connect timeout, seconds (default 5). */
  readonly connectionTimeoutSec?: number;
  /**
   * Transfers: how long the REFER may wait for the platform's answer and, once
   * accepted, for the result (defaults 8 s / 90 s); how long the platform may
   * take to hang up a consultation leg an attended transfer replaced (2 s);
   * and whether to ask for no progress reports (RFC 4488 `Refer-Sub: false`:
   * the REFER's final answer is the result; default false).
   */
  readonly transfer?: { readonly answerMs?: number; readonly resultMs?: number; readonly replacedLegMs?: number; readonly withoutProgress?: boolean };
  /**
   * The three-way call's mixer (default: conference/default-mixer.ts, the frame mixer where the browser has the
   * Breakout Box, else Web Audio: docs/ASSUMPTIONS.md, "Which mixer").
   */
  readonly conferenceMixer?: () => ConferenceMixer;
  readonly media?: MediaPort;
  readonly timers?: Timers;
  readonly random?: RandomSource;
  readonly logLevel?: LogLevel;
  /** Where the SIP messages of the phone's WebSocket are kept for the diagnostics bundle (one trace across phones). */
  readonly sipTrace?: SipTrace;
  /** Where sip.js logs go (e.g. the app's log through the bridge); when set, nothing goes to the console. */
  readonly log?: LogConnector;
  /** Test seams: replace the WebSocket transport (ws-transport.ts) and sip.js's WebRTC handler. */
  readonly sip?: {
    readonly transportConstructor?: UserAgentOptions['transportConstructor'];
    readonly transportOptions?: Record<string, unknown>;
    readonly sessionDescriptionHandlerFactory?: SessionDescriptionHandlerFactory;
  };
}

export const PHONE_DEFAULTS = {
  ctiHeader: 'X-CTI',
  iceGatheringTimeoutMs: 500,
  registerExpiresSec: 300,
  makeCallWindowMs: 30_000,
  connectionTimeoutSec: 5,
  transferAnswerMs: 8_000,
  transferResultMs: 90_000,
  transferReplacedLegMs: 2_000,
} as const;

/** The transfer bounds of `options`, defaults filled in. */
export function transferBounds(options: PhoneOptions): ReferBounds {
  const t = options.transfer ?? {};
  return {
    answerMs: t.answerMs ?? PHONE_DEFAULTS.transferAnswerMs,
    resultMs: t.resultMs ?? PHONE_DEFAULTS.transferResultMs,
    replacedLegMs: t.replacedLegMs ?? PHONE_DEFAULTS.transferReplacedLegMs,
  };
}
