/**
 * One send of the outbox under a time limit and the outbox's close signal:
 * whatever the port does, the attempt ends by the limit (a port that ignores
 * its signal cannot hold close() hostage), and any failure is a `retry`.
 */
import type { Clock } from '../connectivity/clock';
import type { SendContext, SendOutcome, SendPort } from './outbox-types';

export function plain(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The attempt's own signal: aborted by the time limit or by the outbox closing. Not
 * AbortSignal.any: each composite stays tied to the long-lived closing signal and main's heap
 * grew ~1.2 KB per send (issue 16); here every listener is removed when the attempt ends.
 */
function attemptSignal(closing: AbortSignal): { controller: AbortController; aborted: Promise<never>; release(): void } {
  const controller = new AbortController();
  const onClosing = () => controller.abort(closing.reason);
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined); // raced below; never an unhandled rejection
  if (closing.aborted) onClosing();
  else closing.addEventListener('abort', onClosing, { once: true });
  return {
    controller,
    aborted,
    release() {
      closing.removeEventListener('abort', onClosing);
      controller.signal.removeEventListener('abort', onAbort);
    },
  };
}

export async function boundedSend<T>(
  send: SendPort<T>,
  item: () => T,
  ctx: SendContext,
  limits: { clock: Clock; timeoutMs: number; closing: AbortSignal },
): Promise<SendOutcome> {
  const attempt = attemptSignal(limits.closing);
  const { signal } = attempt.controller;
  const timer = limits.clock.setTimer(() => attempt.controller.abort(new Error(`Sending took longer than ${Math.round(limits.timeoutMs / 1000)} s.`)), limits.timeoutMs);
  try {
    return await Promise.race([send(item(), signal, ctx), attempt.aborted]);
  } catch (err) {
    return { kind: 'retry', reason: signal.aborted ? plain(signal.reason) : plain(err) };
  } finally {
    timer.cancel();
    attempt.release();
  }
}
