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

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export async function boundedSend<T>(
  send: SendPort<T>,
  item: () => T,
  ctx: SendContext,
  limits: { clock: Clock; timeoutMs: number; closing: AbortSignal },
): Promise<SendOutcome> {
  const limit = new AbortController();
  const timer = limits.clock.setTimer(() => limit.abort(new Error(`Sending took longer than ${Math.round(limits.timeoutMs / 1000)} s.`)), limits.timeoutMs);
  const signal = AbortSignal.any([limits.closing, limit.signal]);
  try {
    return await Promise.race([send(item(), signal, ctx), rejectOnAbort(signal)]);
  } catch (err) {
    return { kind: 'retry', reason: signal.aborted ? plain(signal.reason) : plain(err) };
  } finally {
    timer.cancel();
  }
}
