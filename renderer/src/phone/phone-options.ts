/** How a phone is built: credentials from main plus tunables, each with a sensible default. */
import type { LogConnector, LogLevel, SessionDescriptionHandlerFactory, UserAgentOptions } from 'sip.js';
import type { SipCredentials } from '../../../common/ipc/session';
import type { BackoffPolicy, RandomSource } from '../../../common/backoff';
import type { MediaPort } from './media-port';
import type { Timers } from './timers';

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
  /** Socket reconnect schedule (default: every 100–200 ms for 50 tries, then doubling from 400 ms to 30 s). */
  readonly reconnect?: BackoffPolicy;
  /** How long a Make Call the UI announced stays eligible for auto-answer (default 30 s). */
  readonly makeCallWindowMs?: number;
  /** WebSocket connect timeout, seconds (default 5). */
  readonly connectionTimeoutSec?: number;
  readonly media?: MediaPort;
  readonly timers?: Timers;
  readonly random?: RandomSource;
  readonly logLevel?: LogLevel;
  /** Where sip.js logs go (e.g. the app's log through the bridge); when set, nothing goes to the console. */
  readonly log?: LogConnector;
  /** Test seams: replace sip.js's WebSocket transport and WebRTC handler. */
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
} as const;
