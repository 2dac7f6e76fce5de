// The narrow port the calls area needs from the Integra client.
// IntegraClient (main/api) satisfies it; tests use the real client on the simulator.
import type { IntegraClient } from '../../api';

export type CallsApi = Pick<IntegraClient, 'makeCall' | 'hangUpCall' | 'getCampaigns' | 'getDialers' | 'callDisposition'>;

/** What Make Call needs from the signed-in agent. */
export interface CallingAgent {
  /** Agent user name (Make Call's and Call Disposition's `agent`). */
  readonly name: string;
  /** Phone / extension (Make Call's `phone`, Hang Up Call's `phone`). */
  readonly extension: string;
  /** `context` of the agent record from Agent Authentication. */
  readonly context: string;
}
