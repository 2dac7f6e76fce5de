// The narrow port the supervisor area needs from the Integra client.
// IntegraClient (main/api) satisfies it; the list analysis is a port too so
// tests can run it against real files.
import type { DialingListAnalysis, IntegraClient } from '../../api';

export type SupervisorApi = Pick<
  IntegraClient,
  'getCampaigns' | 'getDialers' | 'createAgent' | 'addAgentsToCampaigns' | 'uploadBase' | 'addRecordToDialer'
>;

export type AnalyzeList = (path: string) => Promise<DialingListAnalysis>;

/** How the person chooses a dialing list on the machine running main. */
export type ListFileSource =
  /** Electron: a native open dialog; only paths it returned are read. Resolves null when cancelled. */
  | { kind: 'dialog'; pick: () => Promise<string | null> }
  /** Browser host: the person at the page is the one who started the host on this machine; a typed absolute path is read. */
  | { kind: 'typed-path' };
