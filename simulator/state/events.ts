// The typed events of the live state, for extensions (the SIP side) to follow.
import type { AgentEntry, CallRecord, DialerTask, QueueMember } from './records';

/** What Make Call asked for: the identifying part of the call record it creates. */
export type CallRequested = Pick<CallRecord, 'guid' | 'agent' | 'phone' | 'destination' | 'campaign' | 'callerid'> & {
  origin: 'make-call';
};

/** A platform restart: `crash` says nothing to anyone, `graceful` hangs up (BYE/CANCEL) first; down for `downMs`. */
export interface PlatformRestart {
  mode: 'crash' | 'graceful';
  downMs: number;
}

/** The cause written in the record of every call a restart ended. */
export const PLATFORM_RESTARTED_CAUSE = 'platform restarted';

export interface SimEvents {
  'call-requested': [CallRequested];
  'hangup-requested': [{ phone: string; guid: string }];
  'dialer-task-queued': [DialerTask];
  'agent-logged-in': [AgentEntry];
  'agent-logged-out': [AgentEntry];
  'queue-members-added': [QueueMember[]];
  /** the control API reset everything back to the seed */
  reset: [];
  /** the platform restarted: tokens, logged-in flags and live calls are already gone; the SIP side drops connections */
  'platform-restarted': [PlatformRestart];
}
