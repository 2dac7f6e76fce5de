// Which agent may take a call of a campaign now: a member of the campaign
// (Add Agent to Campaign), not paused, logged in, registered, and idle.
import type { SimState } from '../state/sim-state';
import type { AgentEntry } from '../state/records';

export interface AgentPickerOptions {
  state: SimState;
  /** Whether the phone has a SIP registration (always true through an external server). */
  isRegistered(phone: string): boolean;
  /** Whether the phone is still on a leg no call record shows (a transferring agent's, waiting for its BYE). */
  isBusy?(phone: string): boolean;
}

export class AgentPicker {
  // Round-robin start per campaign, so one agent does not take every call.
  private readonly next = new Map<string, number>();

  constructor(private readonly options: AgentPickerOptions) {}

  /** Idle agents of `campaign` in round-robin order; `phone` pins one agent, `except` leaves one out (the agent who calls). */
  idleMembers(campaign: string, phone?: string, except?: string): AgentEntry[] {
    const { state } = this.options;
    const members = state
      .membersOf(campaign)
      .filter((m) => m.paused === 0)
      .map((m) => state.agents.byUserName(m.membername))
      .filter((agent): agent is AgentEntry => agent !== undefined)
      .filter((agent) => (!phone || agent.name === phone) && agent.name !== except)
      .filter((agent) => agent.loggedIn && this.options.isRegistered(agent.name) && !state.activeCallOfPhone(agent.name))
      .filter((agent) => !this.options.isBusy?.(agent.name));
    if (members.length < 2) return members;
    const start = (this.next.get(campaign) ?? 0) % members.length;
    return [...members.slice(start), ...members.slice(0, start)];
  }

  /** The agent to take the next call of `campaign`, advancing the round-robin. */
  pick(campaign: string, phone?: string, except?: string): AgentEntry | undefined {
    const agent = this.idleMembers(campaign, phone, except)[0];
    if (agent) this.next.set(campaign, (this.next.get(campaign) ?? 0) + 1);
    return agent;
  }
}
