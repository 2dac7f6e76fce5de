/** What the phone tells the UI: typed events, one per concern. */
import type { Cti } from '../../../common/domain/cti';
import type { MissedCallReason } from '../../../common/ipc/calls';
import type { CallState } from './call/call-state';
import type { MediaHealth } from './media/media-watch';
import type { PhoneCall } from './call/phone-call';
import type { RegisteredAgain } from './connection/registration-keeper';
import type { ConnectionIndicator, RegistrationState } from './connection/registration-state';
import type { QualitySample } from './quality/rtp-quality';
import type { TransferProgress } from './transfer/transfer-state';
import type { ConsultationEvent } from './transfer/consultation';
import type { ConferenceEvent } from './conference/conference';

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
  /** Whether a call's audio arrives changed (flowing ⇄ silent, its side, the offer to end). */
  media: { readonly callId: string; readonly health: MediaHealth };
  /** A call reached the phone and was not taken (rang out, abandoned, rejected, offered while busy). */
  missed: {
    readonly callId: string;
    readonly remoteUser: string;
    readonly cti: Cti | null;
    readonly reason: MissedCallReason;
    /** When it reached the phone (epoch ms). */
    readonly offeredAt: number;
  };
  /** Registered again after losing the connection or a network change (main may need to sign the agent in again). */
  registeredAgain: RegisteredAgain;
  /** A transfer moved on: requested → trying → ringing → done | failed (with why, in words). */
  transfer: TransferProgress;
  /** A consultation began or moved on (answered, in conference, completing, ended with its outcome). */
  consultation: ConsultationEvent;
  /** A three-way call began, was held or resumed, muted a party, or ended. */
  conference: ConferenceEvent;
}
