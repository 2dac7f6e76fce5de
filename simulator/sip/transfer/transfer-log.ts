// Transfers as the state shows them (GET /__sim/state → transfers): who asked,
// for what, what the phone was told and what really happened. The newest 1000
// are kept.
import type { TransferRecord } from '../../state/records';
import type { SimState } from '../../state/sim-state';

export const TRANSFERS_KEPT = 1000;

export type TransferOpening = Pick<TransferRecord, 'guid' | 'kind' | 'by' | 'referSub'> & { referTo: string };

export class TransferLog {
  private nextId = 1;

  constructor(private readonly state: SimState) {}

  open(opening: TransferOpening): TransferRecord {
    const record: TransferRecord = {
      id: this.nextId++,
      ...opening,
      referTo: opening.referTo.slice(0, 300),
      response: 0,
      notified: [],
      outcome: 'pending',
      transfererLeg: 'in-call',
      startedAt: new Date().toISOString(),
    };
    const transfers = this.state.transfers;
    transfers.push(record);
    if (transfers.length > TRANSFERS_KEPT) transfers.splice(0, transfers.length - TRANSFERS_KEPT);
    return record;
  }

  /** What really happened (the phone may have been told otherwise: an early 200). */
  close(record: TransferRecord, outcome: 'completed' | 'failed'): void {
    if (record.outcome !== 'pending') return;
    record.outcome = outcome;
    record.endedAt = new Date().toISOString();
  }
}
