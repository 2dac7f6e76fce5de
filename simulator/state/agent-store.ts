// Agents by user name and by phone; the phone number of an agent is unique.
import { createHash } from 'node:crypto';
import type { AgentEntry } from './records';

/** Asterisk's digest HA1 for a peer: md5("<name>:asterisk:<secret>"). */
export function md5Secret(phone: string, password: string): string {
  return createHash('md5').update(`${phone}:asterisk:${password}`).digest('hex');
}

export class AgentStore {
  readonly #byUser = new Map<string, AgentEntry>();
  readonly #byPhone = new Map<string, AgentEntry>();
  #highestId = 100;

  add(agent: AgentEntry): void {
    this.#byUser.set(agent.accountcode, agent);
    this.#byPhone.set(agent.name, agent);
    this.#highestId = Math.max(this.#highestId, agent.id);
  }

  byUserName(userName: string): AgentEntry | undefined {
    return this.#byUser.get(userName);
  }

  byPhone(phone: string): AgentEntry | undefined {
    return this.#byPhone.get(phone);
  }

  all(): AgentEntry[] {
    return [...this.#byUser.values()];
  }

  /** Above every id given so far (and above 100); kept as a number, not recomputed, so 100,000 agents cost nothing. */
  nextId(): number {
    return this.#highestId + 1;
  }

  clear(): void {
    this.#byUser.clear();
    this.#byPhone.clear();
    this.#highestId = 100;
  }
}
