// The records the simulator keeps, as its control API shows them.
import type { Campaign, Dialer } from '../seed/seed-schema';

export type { Campaign, Dialer };

/** An agent as the platform stores it: the spec's Agent fields (minus token), plus login state. */
export interface AgentEntry {
  id: number;
  name: string; // phone number / extension
  accountcode: string; // user name
  password: string;
  md5secret: string;
  fullname: string;
  email: string;
  did: string;
  limite: number;
  loggedIn: boolean;
  loggedInAt?: string;
  /** how the agent came to exist */
  origin: 'seed' | 'create-agent';
}

export interface TokenEntry {
  token: string;
  kind: 'client' | 'agent';
  subject: string; // API user or agent user name
  issuedAt: string;
}

export type CallStatus = 'requested' | 'ringing' | 'active' | 'held' | 'ended';
export type CallOrigin = 'make-call' | 'dialer' | 'inbound';
export type CallEndedBy = 'agent' | 'customer' | 'api' | 'failed';

export interface CallRecord {
  guid: string;
  agent: string;
  phone: string;
  destination: string;
  campaign: string;
  callerid: string;
  origin: CallOrigin;
  status: CallStatus;
  createdAt: string;
  answeredAt?: string;
  endedAt?: string;
  endedBy?: CallEndedBy;
  cause?: string;
  dtmf: string[];
  /** re-INVITEs the agent sent on the answered call (hold, resume, refresh after a reconnect). */
  reinvites?: number;
  levels?: Record<string, unknown>;
}

/** The `call` object of Add Record to Dialer, after parsing. */
export interface DialerTask {
  id: number;
  calldate: string | null;
  campaign: string;
  destination: string;
  alternatives: string;
  agent: string;
  data: string;
  source: string;
  bulk: boolean;
  automatic: boolean;
  receivedAt: string;
  /** when it may be dialed (calldate, or receivedAt when none) */
  dueAt: string;
  status: 'queued' | 'taken';
  takenAt?: string;
}

export interface QueueMember {
  membername: string;
  queueName: string;
  interface1: string;
  penalty: number;
  paused: number;
  addedAt: string;
}

export interface UploadedList {
  id: number;
  filename: string;
  campaign: string;
  username: string;
  /** `cant` as the caller sent it */
  cant: number;
  /** non-empty lines of the decoded text */
  lines: number;
  /** records counted by the simulator: non-empty lines minus a header line */
  records: number;
  hasHeader: boolean;
  bytes: number;
  path: string;
  receivedAt: string;
}

export interface DispositionRecord {
  guid: string;
  params: Record<string, string>;
  knownCall: boolean;
  receivedAt: string;
  /** how many times a disposition for this guid arrived (the last one wins) */
  received: number;
}

export interface LogoutRecord {
  agent: string;
  interface: string;
  message: string;
  at: string;
}

export interface RequestLogEntry {
  at: string;
  operation: string;
  authorized: boolean | null;
  result: 'success' | 'error' | 'fault';
  fault?: string;
  /** why the simulator answered an error body, for people reading the state */
  reason?: string;
  body?: string;
  /** which kind of token authorized the request (a known token only), so tests can check the token policy */
  tokenKind?: 'client' | 'agent';
}
