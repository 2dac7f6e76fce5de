// The phone: framework-free TS over sip.js. The UI builds one Phone per signed-in session.
// Its rooms: connection/ (the WebSocket, registration, reconnecting), call/ (one call's
// signalling and state, the set of calls, auto-answer, CTI), media/ (audio, devices, ringer,
// whether audio arrives), quality/ (RTP figures and MOS). phone.ts ties them together.
//
//   const phone = new Phone({ credentials: session.sip });   // HA1, never a password
//   phone.on('connection', setIndicator);                    // registered | connecting | offline
//   phone.on('call', ({ call, state }) => …);                // ringing → answering → active ⇄ held → ended
//   // call.direction 'incoming' | 'outgoing', call.role 'customer' | 'consultation', info.referredBy: who transferred it here
//   phone.setAutoAnswerCampaigns(campaigns.filter(c => c.auto_answer === '1').map(c => c.name));
//   await phone.start();
//   // Make Call: announce it first, then give the GUID; the matching call is answered by itself.
//   const expected = phone.expectCall(destination);
//   try { expected.setGuid(await api.makeCall(…)); } catch (e) { expected.cancel(); throw e; }
//   // Hang up: fall back to the API when signalling is gone.
//   const r = await phone.hangUp(); if (!r.signalled) await api.hangUpCall({ phone: extension });
//   // From main's connectivity events: phone.networkChanged() / phone.resumed().
//   // Reconnecting waits for main's probe, then spreads a floor's return: new Phone({ …, reachability }).
//   // A call offered during a call rings as phone.waitingCall; take it with phone.takeWaiting(mode).
//   // On sign-out: await phone.stop().
export { Phone, type MakeCallExpectation, type TakeWaitingMode } from './phone';
export { PhoneCall, type CallDirection, type CallInfo, type CallRole, type DeviceChoice, type HangUpResult } from './call/phone-call';
export { PhoneError } from './phone-error';
export type { PhoneEvents } from './phone-events';
export { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
export type { CallFailure, CallState, EndCause, EndedBy, TransferredTo } from './call/call-state';
export type { ConnectionIndicator, RegistrationState } from './connection/registration-state';
export type { QualitySample } from './quality/rtp-quality';
export type { AudioRoute } from './media/call-media';
export type { AutoAnswerDecision } from './call/auto-answer';
export type { MediaHealth, MediaSide } from './media/media-watch';
export type { ReachabilityPort } from './connection/reconnector';
export type { RegisteredAgain } from './connection/registration-keeper';
export { silentMedia, type MediaPort } from './media/media-port';
export { browserMedia } from './media/browser-media';
export { estimateMos } from './quality/mos';
