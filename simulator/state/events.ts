// The typed events of the live state, for extensions (the SIP side) to follow.
import type { AgentEntry, CallRecord, DialerTask, QueueMember } from './records';

/** What Make Call asked for: the identifying part of the call record it creates. */
export type CallRequested = Pick<CallRecord, 'guid' | 'agent' | 'phone' | 'destination' | 'campaign' | 'callerid'> & {
  origin: 'make-call';
};

export interface SimEvents {
  'call-requested': [CallRequested];
  'hangup-requested': [{ phone: string; guid: string }];
  'dialer-task-queued': [DialerTask];
  'agent-logged-in': [AgentEntry];
  'agent-logged-out': [AgentEntry];
  'queue-members-added': [QueueMember[]];
  /** the control API reset everything back to the seed */
  reset: [];
}
