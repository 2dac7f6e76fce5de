// Faults waiting for the next requests of an operation (see docs/SIMULATOR.md).
import type { OperationId } from '../operations/operation-ids';

export const faultKinds = ['delay', 'http500', 'html', 'drop', 'truncated', 'expired-token'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface Fault {
  operation: OperationId;
  kind: FaultKind;
  /** requests still to be hit */
  remaining: number;
  delayMs: number;
}

export class FaultStore {
  #faults: Fault[] = [];

  add(fault: Fault): void {
    this.#faults.push(fault);
  }

  /** The first pending fault of `operation`, counted as used by this request. */
  take(operation: OperationId): Fault | undefined {
    const fault = this.#faults.find((f) => f.operation === operation);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return { ...fault };
  }

  pending(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }
}
