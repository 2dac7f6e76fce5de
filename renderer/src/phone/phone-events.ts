/** What the phone tells the UI: typed events, one per concern. */
import type { Cti } from '../../../common/domain/cti';
import type { CallState } from './call-state';
import type { PhoneCall } from './phone-call';
import type { ConnectionIndicator, RegistrationState } from './registration-state';
import type { QualitySample } from './rtp-quality';

export interface PhoneEvents {
  registration: RegistrationState;
  /** The header's indicator. */
  connection: ConnectionIndicator;
  /** Every call state change, including the first (`ringing`) of a new call. */
  call: { readonly call: PhoneCall; readonly state: CallState };
  mute: { readonly callId: string; readonly muted: boolean };
  /** The CTI object of a new call (null with an error when the header was unreadable, null without one when absent). */
  cti: { readonly callId: string; readonly cti: Cti | null; readonly error: string | null };
  quality: { readonly callId: string; readonly sample: QualitySample };
}
