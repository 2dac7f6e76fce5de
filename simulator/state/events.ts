// The typed events of the live state, for extensions (the SIP side) to follow.
import type { AgentEntry, DialerTask, QueueMember } from './records';

export interface CallRequested {
  guid: string;
  agent: string;
  phone: string;
  destination: string;
  campaign: string;
  callerid: string;
  origin: 'make-call';
}

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
