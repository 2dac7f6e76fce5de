/**
 * The phone's sip.js UserAgent, built from its options: HA1 credentials (never
 * a password), our own WebSocket transport (ws-transport.ts), WebRTC with the
 * configured ICE servers, and sip.js's own reconnection off (the phone
 * reconnects itself: reconnector.ts).
 */
import { UserAgent, type UserAgentDelegate } from 'sip.js';
import { PhoneError } from '../phone-error';
import { PHONE_DEFAULTS, type PhoneOptions } from '../phone-options';
import type { Timers } from '../timers';
import { PhoneTransport } from './ws-transport';

export function createPhoneUserAgent(options: PhoneOptions, timers: Timers, delegate: Required<Pick<UserAgentDelegate, 'onConnect' | 'onDisconnect' | 'onInvite'>>): UserAgent {
  const creds = options.credentials;
  const uri = UserAgent.makeURI(creds.uri);
  if (!uri) throw new PhoneError('phone.err.badSipAddress', { uri: creds.uri });
  return new UserAgent({
    uri,
    authorizationUsername: creds.authorizationUsername,
    authorizationHa1: creds.authorizationHa1,
    displayName: creds.displayName,
    // Our own WebSocket transport: it can tell a dead connection from a quiet one and drop it at once.
    transportConstructor: options.sip?.transportConstructor ?? PhoneTransport,
    transportOptions: {
      server: creds.wsUrl,
      connectionTimeout: options.connectionTimeoutSec ?? PHONE_DEFAULTS.connectionTimeoutSec,
      timers,
      onAbandon: (reason: string) => options.log?.('warn', 'phone.transport', undefined, `SIP connection dropped: ${reason}`),
      ...(options.sipTrace ? { onMessageTrace: (direction: 'sent' | 'received', message: string) => options.sipTrace?.record(direction, message) } : {}),
      ...options.sip?.transportOptions,
    },
    ...(options.sip?.sessionDescriptionHandlerFactory ? { sessionDescriptionHandlerFactory: options.sip.sessionDescriptionHandlerFactory } : {}),
    sessionDescriptionHandlerFactoryOptions: {
      peerConnectionConfiguration: { iceServers: options.iceServers ?? [] },
      iceGatheringTimeout: options.iceGatheringTimeoutMs ?? PHONE_DEFAULTS.iceGatheringTimeoutMs,
    },
    logLevel: options.logLevel ?? 'warn',
    ...(options.log ? { logBuiltinEnabled: false, logConnector: options.log } : {}),
    // We reconnect ourselves (reconnector.ts): quick tries, then main's probe. sip.js's own reconnection is off by
    // default (reconnectionAttempts 0); setting the option, even to 0, only logs its deprecation warning on every start.
    // 180 Ringing only for calls that ring (auto-answered ones go straight to 200).
    sendInitialProvisionalResponse: false,
    delegate,
  });
}
