// The phone: framework-free TS over sip.js. The UI builds one Phone per signed-in session.
export { Phone, type MakeCallExpectation } from './phone';
export { PhoneCall, type CallInfo, type DeviceChoice, type HangUpResult } from './phone-call';
export type { PhoneEvents } from './phone-events';
export { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
export type { CallState, EndCause, EndedBy } from './call-state';
export type { ConnectionIndicator, RegistrationState } from './registration-state';
export type { QualitySample } from './rtp-quality';
export type { AutoAnswerDecision } from './auto-answer';
export { silentMedia, type MediaPort } from './media-port';
export { browserMedia } from './browser-media';
export { estimateMos } from './mos';
