// Calls by guid, in the order they were created.
import type { CallRecord } from './records';

export type CallPatch = Partial<Omit<CallRecord, 'guid'>>;

export class CallStore {
  readonly #calls = new Map<string, CallRecord>();

  add(call: CallRecord): CallRecord {
    this.#calls.set(call.guid, call);
    return call;
  }

  get(guid: string): CallRecord | undefined {
    return this.#calls.get(guid);
  }

  update(guid: string, patch: CallPatch): CallRecord | undefined {
    const call = this.#calls.get(guid);
    if (!call) return undefined;
    Object.assign(call, patch);
    return call;
  }

  /** The newest call that has not ended with the agent phone on it (as its agent, or as any party: a colleague called, a transfer's target). */
  activeOfPhone(phone: string): CallRecord | undefined {
    let found: CallRecord | undefined;
    for (const call of this.#calls.values()) {
      if (call.status === 'ended') continue;
      if (call.phone === phone || call.parties?.some((party) => party.phone === phone)) found = call;
    }
    return found;
  }

  all(): CallRecord[] {
    return [...this.#calls.values()];
  }

  clear(): void {
    this.#calls.clear();
  }
}
