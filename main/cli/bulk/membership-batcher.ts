import type { QueueMemberInput } from '../../../common/domain';
import { isIntegraError } from '../../api/index';

// Add Agent to Campaign takes an array, so memberships of many rows travel in
// one request. A row reserves its place when it starts, then adds its members
// (or cancels, when its agent could not be created) and waits for the batch
// that carries them. A batch leaves when it is full or, once the input is
// exhausted, when no reserved row can add more. When the platform refuses a
// batch (it adds all or none), each row of it is sent again on its own, so the
// refusal lands on the row that caused it.
// No deadlock: the runner keeps more rows in flight than a batch holds, so
// while rows wait on an unfull batch, other rows keep arriving to fill it.

export type SendMembers = (members: readonly QueueMemberInput[]) => Promise<void>;

interface Waiting {
  readonly members: readonly QueueMemberInput[];
  resolve(): void;
  reject(error: unknown): void;
}

export interface BatchReservation {
  /** Resolves when the platform has added these members (all of one row). */
  add(members: readonly QueueMemberInput[]): Promise<void>;
  /** The row will add nothing. */
  cancel(): void;
}

export interface MembershipBatcher {
  reserve(): BatchReservation;
  /** The input is exhausted: send what is held as soon as no reserved row can add more. */
  endOfInput(): void;
  /** Requests sent so far (batches and per-row retries), for the summary. */
  readonly requestsSent: number;
}

export function createMembershipBatcher(send: SendMembers, batchSize: number): MembershipBatcher {
  let held: Waiting[] = [];
  let heldCount = 0;
  let reserved = 0;
  let inputEnded = false;
  let requestsSent = 0;

  const sendCounted = (members: readonly QueueMemberInput[]): Promise<void> => {
    requestsSent += 1;
    return send(members);
  };

  const sendBatch = async (batch: Waiting[]): Promise<void> => {
    try {
      await sendCounted(batch.flatMap((row) => row.members));
      for (const row of batch) row.resolve();
    } catch (error) {
      const refused = isIntegraError(error) && error.kind === 'refused';
      if (!refused || batch.length === 1) {
        for (const row of batch) row.reject(error);
        return;
      }
      await Promise.all(batch.map((row) => sendCounted(row.members).then(row.resolve, row.reject)));
    }
  };

  const flushIfDue = (): void => {
    if (held.length === 0) return;
    if (heldCount < batchSize && !(inputEnded && reserved === 0)) return;
    const batch = held;
    held = [];
    heldCount = 0;
    void sendBatch(batch);
  };

  return {
    reserve() {
      reserved += 1;
      let open = true;
      const release = (): void => {
        if (!open) throw new Error('a batch reservation is used once');
        open = false;
        reserved -= 1;
      };
      return {
        add(members) {
          release();
          if (members.length === 0) {
            flushIfDue();
            return Promise.resolve();
          }
          const added = new Promise<void>((resolve, reject) => {
            held.push({ members, resolve, reject });
            heldCount += members.length;
          });
          flushIfDue();
          return added;
        },
        cancel() {
          release();
          flushIfDue();
        },
      };
    },
    endOfInput() {
      inputEnded = true;
      flushIfDue();
    },
    get requestsSent() {
      return requestsSent;
    },
  };
}
