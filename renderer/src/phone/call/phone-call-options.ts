/**
 * What a PhoneCall is built from and tells: its facts (caller, CTI, the
 * auto-answer decision), the environment the phone gives it (media port,
 * timers, devices, tunables) and its events.
 */
import type { Cti } from '../../../../common/domain/cti';
import type { AutoAnswerDecision } from './auto-answer';
import type { MediaHealth, MediaWatchOptions } from '../media/media-watch';
import type { MediaPort } from '../media/media-port';
import type { PhoneCall } from './phone-call';
import type { QualitySample } from '../quality/rtp-quality';
import type { Timers } from '../timers';
import type { ConnectionLoss } from './connection-loss';

/** Who began the call: the platform's INVITE to the agent, or the agent's own (a consultation). */
export type CallDirection = 'incoming' | 'outgoing';
/** What the call is for: a customer's call, or the agent's consultation of a colleague about one (transfer/consultation.ts). */
export type CallRole = 'customer' | 'consultation';

export interface CallInfo {
  readonly id: string;
  readonly direction: CallDirection;
  readonly role: CallRole;
  /** A consultation: the id of the customer's call it is about; else null. */
  readonly consultationOf: string | null;
  /** Caller's number / user part (incoming), or the user part dialled (outgoing). */
  readonly remoteUser: string;
  readonly remoteDisplayName: string;
  readonly cti: Cti | null;
  /** Why the CTI header could not be read, in plain words (the call still works). */
  readonly ctiError: string | null;
  readonly autoAnswer: AutoAnswerDecision;
  readonly receivedAt: number;
  /** It arrived while another call was live (call waiting). */
  readonly offeredWhileBusy: boolean;
  /** An incoming call another agent transferred here: that agent's extension (Referred-By's user part, cleaned), else null. */
  readonly referredBy: string | null;
  /** An outgoing call: what the agent dialled, as said to the agent (an extension, a campaign, a number); else null. */
  readonly target: string | null;
  /** A call an earlier page had (answered) and this page took over after a reload (issue 24: taken-over-call.ts). */
  readonly takenOver?: true;
}

export interface DeviceChoice {
  readonly microphone: string | null;
  readonly speaker: string | null;
  readonly ringer: string | null;
}

/** hangUp()'s answer: when `signalled` is false the UI should fall back to the API's Hang Up Call. */
export type HangUpResult = { readonly signalled: true } | { readonly signalled: false; readonly reason: string };

export interface CallEvents {
  state: (call: PhoneCall) => void;
  mute: (call: PhoneCall) => void;
  quality: (call: PhoneCall, sample: QualitySample) => void;
  /** Whether its audio arrives changed. */
  media: (call: PhoneCall, health: MediaHealth) => void;
  /** Its peer connection lost or found its path. */
  path: (call: PhoneCall, state: RTCPeerConnectionState) => void;
}

/**
 * What a refresh found: the call is still there, it is gone (ended here), a
 * proxy could not pass it on yet (5xx, 477: worth another try shortly), or it
 * could not tell.
 */
export type RefreshResult = 'kept' | 'dropped' | 'retry' | 'unknown';

export interface CallEnvironment {
  readonly media: MediaPort;
  readonly timers: Timers;
  readonly devices: () => DeviceChoice;
  readonly isConnected: () => boolean;
  /** Counts the phone's SIP connections: a different number means the connection was replaced. */
  readonly connectionEpoch: () => number;
  /** What took the last connection that was lost, as far as the phone can tell (connection-loss.ts). */
  readonly connectionLoss: () => ConnectionLoss;
  readonly events: CallEvents;
  /** How long to wait for the answer to our BYE before calling signalling lost (default 4 s). */
  readonly byeTimeoutMs?: number;
  /** How long a refresh re-INVITE may go unanswered before the call counts as gone (default 5 s). */
  readonly refreshAnswerMs?: number;
  /** How long a hold/resume re-INVITE may go unanswered (default 10 s). */
  readonly holdAnswerMs?: number;
  readonly mediaWatch?: MediaWatchOptions;
}
