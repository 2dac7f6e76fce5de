// Campaign membership: one entry per (agent, campaign), indexed both ways so
// adding a batch and listing a campaign's members cost what they touch, not
// the size of the whole table (bench/provision adds 5,000 in a run).
import type { QueueMember } from './records';

export class QueueMemberStore {
  readonly #byCampaign = new Map<string, Map<string, QueueMember>>();
  #inOrder: QueueMember[] = [];

  /** Adds those not there yet (first of duplicates in `members` wins); returns what was added. */
  add(members: readonly QueueMember[]): QueueMember[] {
    const added: QueueMember[] = [];
    for (const member of members) {
      let ofCampaign = this.#byCampaign.get(member.queueName);
      if (ofCampaign === undefined) {
        ofCampaign = new Map();
        this.#byCampaign.set(member.queueName, ofCampaign);
      }
      if (ofCampaign.has(member.membername)) continue;
      ofCampaign.set(member.membername, member);
      this.#inOrder.push(member);
      added.push(member);
    }
    return added;
  }

  ofCampaign(campaign: string): QueueMember[] {
    return [...(this.#byCampaign.get(campaign)?.values() ?? [])];
  }

  /** Every membership, oldest first. */
  all(): QueueMember[] {
    return [...this.#inOrder];
  }

  clear(): void {
    this.#byCampaign.clear();
    this.#inOrder = [];
  }
}
