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
/** `phone`: the agent's phone called (a colleague, a campaign, an outside number). */
export type CallOrigin = 'make-call' | 'dialer' | 'inbound' | 'phone';
/** `transfer`: an attended transfer moved the call's parties into another call. */
export type CallEndedBy = 'agent' | 'customer' | 'api' | 'failed' | 'transfer';

/** Audio of one agent leg as the platform measures it: what it receives from the phone and what it sends. */
export interface LegLevelsView {
  received: Record<string, unknown>;
  sent: Record<string, unknown>;
}

/** One party of a call as it is now: the customer, an outside number, or an agent's phone. */
export interface CallPartyView {
  role: 'customer' | 'outside' | 'agent' | 'echo';
  /** customer and outside parties: their number */
  number?: string;
  /** agent parties: the extension and the user name */
  phone?: string;
  agent?: string;
  /** `ringing` until the party answered */
  state: 'ringing' | 'up';
  levels?: LegLevelsView;
}

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
  /** Who is on the call now (after a transfer: the target); `phone`/`agent` name its first agent party. */
  parties?: CallPartyView[];
}

/** A transfer an agent's phone asked for (REFER), and what came of it. */
export interface TransferRecord {
  id: number;
  /** The call the REFER came on (empty when the leg was no call's any more). */
  guid: string;
  kind: 'blind' | 'attended';
  /** The transferring agent's extension. */
  by: string;
  /** The Refer-To as sent (cut at 300 characters). */
  referTo: string;
  /** What the Refer-To resolved to: `extension 1002`, `campaign Soporte<-`, `number 099…`, `dialog <call-id>`. */
  target?: string;
  /** false when the REFER said `Refer-Sub: false` (no NOTIFYs). */
  referSub: boolean;
  /** The REFER's own response status. */
  response: number;
  /** The sipfrag status of every NOTIFY sent, in order. */
  notified: number[];
  outcome: 'pending' | 'completed' | 'failed';
  /** The final result: the last NOTIFY's status, or (Refer-Sub: false) the REFER's final response. */
  result?: number;
  /** The transferring agent's leg: still in the call, alone until its BYE, or gone. */
  transfererLeg: 'in-call' | 'awaiting-bye' | 'bye-received' | 'bye-sent' | 'ended';
  startedAt: string;
  endedAt?: string;
  /** Attended: the consultation call merged into this one. */
  consultation?: string;
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
