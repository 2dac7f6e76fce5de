// The phone: framework-free TS over sip.js. The UI builds one Phone per signed-in session.
// Its rooms: connection/ (the WebSocket, registration, reconnecting), call/ (one call's
// signalling and state, the set of calls, auto-answer, CTI), media/ (audio, devices, ringer,
// whether audio arrives), quality/ (RTP figures and MOS), transfer/ (blind and attended
// transfers, consultations), conference/ (three-way calls mixed in the page). phone.ts ties them.
//
//   const phone = new Phone({ credentials: session.sip });   // HA1, never a password
//   phone.on('connection', setIndicator);                    // registered | connecting | offline
//   phone.on('call', ({ call, state }) => …);                // see "Calls" below
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
//
// Calls. Each PhoneCall says call.direction ('incoming' | 'outgoing') and call.role ('customer' |
// 'consultation'; a consultation's info.consultationOf is the customer call's id, info.target what
// was dialled). info.referredBy is the extension that transferred an incoming call here (or null).
//   incoming  ringing → answering → active ⇄ held → ended
//   outgoing  calling → remote-ringing (180/183; a soft ringback plays) → active ⇄ held → ended
//   ended{cause, by, reason?, loss?}: hangup | rejected | cancelled | failed | connection-lost | signalling-lost | network-dropped
//     | not-reached (an outgoing call's final failure: `failure` = { status, kind }, `reason` in words)
//     | transferred (`transfer` = { target, at }: the platform took the call over)
// phone.call is the call the agent deals with (during a consultation, the one being talked to or
// placed), phone.heldCall the other one.
//
// Targets: { kind: 'extension', extension: '1002' } | { kind: 'campaign', campaign: 'Soporte<-' }
// | { kind: 'number', number: '+598 99 123 456' }. A bad one is refused (PhoneError, `say` in words)
// before anything is sent.
//
// Blind transfer of the current call (the customer waits on hold while the platform tries):
//   phone.on('transfer', (t) => …);  // { callId, kind: 'blind' | 'attended', target, at, stage }
//   //  stage: requested → trying → ringing → done | failed (t.failure = { kind, status, reason: Say })
//   //  failure kinds: not-found, busy, unavailable, no-answer, declined, not-allowed, refused,
//   //  timeout, no-connection, customer-gone, no-result
//   const result = await phone.transfer({ kind: 'extension', extension: '1002' });
//   //  done: the call ended as `transferred`. failed: the customer is resumed; show result.failure.reason.
//   //  Refused with a PhoneError: a call not answered, one already being transferred (a double
//   //  click sends one REFER), one in a consultation. No SIP connection: failed{no-connection} at once.
//
// Attended transfer (consult first):
//   phone.on('consultation', (c) => …); // { customerCallId, consultationCallId, target, state }
//   //  state: dialling → open ⇄ conference, completing → ended{outcome, at, reason: Say}
//   //  outcomes: transferred | cancelled | not-reached | target-left | customer-left | customer-dropped
//   const consultation = await phone.consult(target);  // holds the customer, places the call
//   await phone.swap();               // talk to the other one (the one talking now is held)
//   await phone.completeTransfer();   // REFER with Replaces: both calls end as `transferred`
//   await phone.cancelConsultation(); // hang up the consultation, resume the customer
//   //  The target hangs up (or is not reached): the customer stays on hold, the agent is told and
//   //  resumes with phone.resume(). The customer hangs up: the agent keeps the target as a plain call.
//   //  phone.consultation: { customer, consultation, target, state } | null.
//
// Three-way call (after consult() was answered):
//   phone.on('conference', (c) => …); // { stage: starting | mixing | held | ended, parties: [{ callId, muted }] }
//   await phone.conference();         // both active: each hears the agent and the other
//   phone.setPartyMuted(callId, true); // that party is heard by nobody (a listener)
//   await phone.dropParty(callId);    // hang up one; the other goes on as a normal call
//   await phone.hold(); await phone.resume();   // the whole conference
//   phone.setMuted(true);             // the agent, toward both
//   await phone.leaveConference();    // leave the two talking = completeTransfer()
//   //  phone.conferenceState: the last conference event while one is under way, else null.
export { Phone, type MakeCallExpectation, type TakeWaitingMode } from './phone';
export { PhoneCall, type CallDirection, type CallInfo, type CallRole, type DeviceChoice, type HangUpResult } from './call/phone-call';
export { PhoneError } from './phone-error';
export type { TakeOverOutcome } from './call/taken-over-call';
export { liveCallSnapshot } from './call/live-call-snapshot';
export type { PhoneEvents } from './phone-events';
export { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
export type { CallFailure, CallState, EndCause, EndedBy, TransferredTo } from './call/call-state';
export type { SipFailureKind } from './call/sip-failure';
export type { TransferTarget } from './transfer/transfer-target';
export type { TransferFailure, TransferProgress, TransferStage, TransferState } from './transfer/transfer-state';
export type { ConsultationEvent, ConsultationOutcome, ConsultationState, ConsultationView } from './transfer/consultation';
export type { ConferenceEvent, ConferenceStage } from './conference/conference';
export type { ConferenceMixer } from './conference/conference-mixer';
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
export { SipTrace } from './connection/sip-trace';
