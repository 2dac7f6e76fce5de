/**
 * The shift-start check's echo test through the phone's own registration and
 * connection (issue 26): a call to the PBX's echo extension that is none of
 * the agent's calls — not in the call set, no `call` event, no record, no
 * wrap-up — so the phone's state for the UI stays exactly as it was, and a
 * customer's call that arrives meanwhile rings as on an idle phone (the check
 * then hangs this one up). Refused while the agent has a call.
 */
import { UserAgent } from 'sip.js';
import type { CallEnvironment, CallEvents, PhoneCall } from '../call/phone-call';
import { placeCall } from '../call/outgoing-call';
import { PhoneError } from '../phone-error';

/** Events of a call the UI never hears of: its quality stays readable on the call itself. */
const UNHEARD: CallEvents = { state: () => undefined, mute: () => undefined, quality: () => undefined, media: () => undefined, path: () => undefined };

export function placeEchoCall(ua: UserAgent, extension: string, agentHasCall: boolean, env: CallEnvironment): PhoneCall {
  if (agentHasCall) throw new PhoneError('phone.err.checkDuringCall');
  if (!ua.isConnected()) throw new PhoneError('phone.err.checkOffline');
  const domain = ua.configuration.uri.host;
  const uri = `sip:${encodeURIComponent(extension).replace(/%2A/giu, '*')}@${domain}`;
  if (!UserAgent.makeURI(uri)) throw new PhoneError('phone.err.target.invalid');
  const call = placeCall(ua, { uri, user: extension, shown: extension }, '', { ...env, events: UNHEARD });
  call.start();
  return call;
}
