import type {
  AgentLoginRecord,
  CreateAgentInput,
  DialerTaskInput,
  DispositionInput,
  MakeCallInput,
  ParsedCampaign,
  ParsedDialer,
  QueueMemberInput,
} from '../../common/domain';
import type { DialingListAnalysis } from './upload/dialing-list-analysis';
import type { CallOptions, UploadOptions } from './client-options';
import type { ProbeResult } from './http-transport';

export interface ClientCredentials {
  user: string;
  password: string;
}

export interface AgentCredentials {
  agent: string;
  password: string;
}

export interface LogOutInput {
  agent: string;
  /** `SIP/<extension>` */
  interface?: string;
  message?: string;
}

export interface HangUpInput {
  /** The agent's phone number/extension. */
  phone: string;
}

export interface UploadBaseInput {
  /** Path of the CSV/TXT file on disk; it is streamed, never loaded whole. */
  file: string;
  /** Name sent to the platform; default the file's base name. */
  filename?: string;
  campaign: string;
  /** Record count; counted from the file when left out. */
  cant?: number;
  /** The user uploading the list. */
  username: string;
}

export interface UploadBaseResult {
  filename: string;
  campaign: string;
  cant: number;
  analysis: DialingListAnalysis;
}

export interface HeldTokens {
  client: boolean;
  agent: boolean;
}

/** One method per Integra operation, plus session housekeeping. */
export interface IntegraClient {
  /** Client Authentication; holds the credentials and token for later calls and returns the token. */
  clientAuthenticate(credentials: ClientCredentials, options?: CallOptions): Promise<string>;
  /** Agent Authentication; holds the credentials and the record's token. */
  agentAuthenticate(credentials: AgentCredentials, options?: CallOptions): Promise<AgentLoginRecord>;
  /**
   * Agent Authentication again with the agent credentials this client holds (from agentAuthenticate), to the same
   * instance; the new token replaces the old. Shares a re-authentication already under way. NotSignedInError when no
   * agent credentials are held (none signed in, or tokens set with setTokens).
   */
  renewAgentLogin(options?: CallOptions): Promise<AgentLoginRecord>;
  logOut(input: LogOutInput, options?: CallOptions): Promise<void>;
  hangUpCall(input: HangUpInput, options?: CallOptions): Promise<void>;
  addRecordToDialer(task: DialerTaskInput, options?: CallOptions): Promise<void>;
  uploadBase(input: UploadBaseInput, options?: UploadOptions): Promise<UploadBaseResult>;
  callDisposition(disposition: DispositionInput, options?: CallOptions): Promise<void>;
  createAgent(input: CreateAgentInput, options?: CallOptions): Promise<void>;
  addAgentsToCampaigns(members: readonly QueueMemberInput[], options?: CallOptions): Promise<void>;
  /** Returns the GUID of the call. */
  makeCall(input: MakeCallInput, options?: CallOptions): Promise<string>;
  getCampaigns(options?: CallOptions): Promise<ParsedCampaign[]>;
  getDialers(options?: CallOptions): Promise<ParsedDialer[]>;

  /**
   * Whether the instance answers at all (a `HEAD` of the base URL through the same connection pool and TLS trust;
   * any HTTP status counts). Performs no operation and sends no token; never throws.
   */
  probe(options?: CallOptions): Promise<ProbeResult>;

  /** Use tokens obtained elsewhere (e.g. restored from a vault); credentials are not known then, so no re-authentication. */
  setTokens(tokens: { client?: string; agent?: string }): void;
  heldTokens(): HeldTokens;
  /** Forgets tokens and credentials of one kind, or of both. */
  forget(kind?: 'client' | 'agent'): void;
  /** Closes the connection pool. */
  close(): Promise<void>;
}
