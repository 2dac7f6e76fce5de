// Page side of bench/transfer (bundled into call-page-entry.ts): a blind
// transfer by the app's Phone, stamped on the page's clock (performance.timeOrigin
// + performance.now()): when `transfer()` is called, when the REFER leaves on
// the WebSocket (the phone holds the customer first: a re-INVITE round trip),
// and when each stage the platform reports arrives.
import type { Phone, TransferStage } from '../../renderer/src/phone';

export interface TransferTimings {
  /** transfer() called (the phone then holds the customer, then sends the REFER). */
  requested: number | null;
  /** The REFER handed to the WebSocket. */
  referSent: number | null;
  /** When each reported stage was reached (trying = 202 or NOTIFY 100, ringing = NOTIFY 180, done = NOTIFY 200). */
  stages: Partial<Record<TransferStage, number>>;
  /** The final stage and, when it failed, why (the failure kind). */
  result: TransferStage | null;
  failure: string | null;
}

const now = (): number => performance.timeOrigin + performance.now();
const EMPTY: TransferTimings = { requested: null, referSent: null, stages: {}, result: null, failure: null };

export function installTransferActions(phone: () => Phone): void {
  let timings: TransferTimings = { ...EMPTY };
  // The phone's SIP goes out as text frames; the first REFER after transfer() is the one.
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    if (typeof data === 'string' && data.startsWith('REFER ') && timings.requested !== null) timings.referSent ??= now();
    send.call(this, data);
  };
  const actions = {
    /** Blind transfer of the current call to `extension`; resolves when the phone has the platform's last word. */
    async blind(extension: string): Promise<TransferTimings> {
      const stages: TransferTimings['stages'] = {};
      timings = { ...EMPTY, stages };
      const off = phone().on('transfer', (progress) => {
        stages[progress.stage] ??= now();
      });
      try {
        timings.requested = now();
        const result = await phone().transfer({ kind: 'extension', extension });
        timings.result = result.stage;
        timings.failure = result.stage === 'failed' ? result.failure.kind : null;
      } catch (error) {
        timings.result = 'failed';
        timings.failure = error instanceof Error ? error.message : String(error);
      } finally {
        off();
      }
      return { ...timings, stages: { ...stages } };
    },
    timings: (): TransferTimings => ({ ...timings, stages: { ...timings.stages } }),
  };
  window.benchTransfer = actions;
}

declare global {
  interface Window {
    benchTransfer: {
      blind(extension: string): Promise<TransferTimings>;
      timings(): TransferTimings;
    };
  }
}
