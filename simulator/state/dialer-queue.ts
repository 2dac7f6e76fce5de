// Records queued by Add Record to Dialer: first in, first out, each due at its
// calldate (or at once). The SIP side takes the oldest due one per campaign.
import type { DialerTask } from './records';

export type NewDialerTask = Omit<DialerTask, 'id' | 'receivedAt' | 'dueAt' | 'status'>;

/** `YYYY-MM-DD hh:mm:ss` read in the simulator's local time zone (the spec shows none). */
export function parseCallDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject dates that roll over (e.g. 2024-02-31).
  return date.getMonth() === mo - 1 && date.getDate() === d && h < 24 && mi < 60 && s < 60 ? date : null;
}

export class DialerQueue {
  readonly #tasks: DialerTask[] = [];
  #nextId = 1;

  enqueue(task: NewDialerTask, now = new Date()): DialerTask {
    const due = task.calldate ? parseCallDate(task.calldate) : null;
    const entry: DialerTask = {
      ...task,
      id: this.#nextId++,
      receivedAt: now.toISOString(),
      dueAt: (due ?? now).toISOString(),
      status: 'queued',
    };
    this.#tasks.push(entry);
    return entry;
  }

  /** Removes from the queue and returns the oldest task of `campaign` that is due and that `accept` takes. */
  takeDue(campaign: string, now = new Date(), accept: (task: DialerTask) => boolean = () => true): DialerTask | undefined {
    const task = this.#tasks.find(
      (t) => t.status === 'queued' && t.campaign === campaign && Date.parse(t.dueAt) <= now.getTime() && accept(t),
    );
    if (task) {
      task.status = 'taken';
      task.takenAt = now.toISOString();
    }
    return task;
  }

  queued(): DialerTask[] {
    return this.#tasks.filter((t) => t.status === 'queued');
  }

  all(): DialerTask[] {
    return [...this.#tasks];
  }

  clear(): void {
    this.#tasks.length = 0;
    this.#nextId = 1;
  }
}
