/**
 * The phone's live calls and which one the agent deals with. A contact-center
 * agent talks to one customer at a time, but a second call may ring while one
 * is live (call waiting: the platform offered it, often because it no longer
 * knows the first), and the agent may hold one to take the other.
 *
 *   foreground   the call the panel shows: answering/active (or one the agent
 *                is placing) first, else a held one, else a ringing one; after
 *                it ends, the last one until another arrives
 *   waiting      a ringing call while another call is live
 *   background   a held call while the agent talks on (or places) another:
 *                during a consultation, the party the agent is not talking to
 *
 * At most MAX_LIVE calls are live; the phone answers 486 to one more (and
 * records it as missed).
 */
import type { PhoneCall } from './phone-call';
import { isDialling } from './call-state';

export const MAX_LIVE_CALLS = 2;

const talking = (c: PhoneCall): boolean => c.state.kind === 'answering' || c.state.kind === 'active' || isDialling(c.state);

export class CallSet {
  private readonly live: PhoneCall[] = [];
  private last: PhoneCall | null = null;

  get all(): readonly PhoneCall[] {
    return this.live;
  }

  get full(): boolean {
    return this.live.length >= MAX_LIVE_CALLS;
  }

  add(call: PhoneCall): void {
    this.live.push(call);
    this.last = this.foreground;
  }

  /** Forgets a call that ended (it stays the foreground until another takes its place). */
  settle(call: PhoneCall): void {
    const index = this.live.indexOf(call);
    if (index >= 0) this.live.splice(index, 1);
    this.last = this.live.length > 0 ? this.pickForeground() : call;
  }

  get foreground(): PhoneCall | null {
    return this.live.length > 0 ? this.pickForeground() : this.last;
  }

  get waiting(): PhoneCall | null {
    if (this.live.length < 2) return null;
    return this.live.find((c) => c.state.kind === 'ringing' && c !== this.pickForeground()) ?? null;
  }

  get background(): PhoneCall | null {
    if (this.live.length < 2) return null;
    const front = this.pickForeground();
    return this.live.find((c) => c.state.kind === 'held' && c !== front) ?? null;
  }

  /** Other live calls than `call`. */
  others(call: PhoneCall): PhoneCall[] {
    return this.live.filter((c) => c !== call);
  }

  byId(id: string): PhoneCall | null {
    return this.live.find((c) => c.id === id) ?? null;
  }

  private pickForeground(): PhoneCall {
    return this.live.find(talking) ?? this.live.find((c) => c.state.kind === 'held') ?? (this.live[0] as PhoneCall);
  }
}
