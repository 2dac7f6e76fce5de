// One outbox send: bounded by its time limit and the outbox's close signal,
// and leaving nothing attached to the long-lived close signal afterwards
// (issue 16: AbortSignal.any per send grew main's heap ~1.2 KB a disposition).
import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/services/connectivity/clock';
import { boundedSend } from '../../../main/services/outbox/bounded-send';
import type { SendContext } from '../../../main/services/outbox/outbox-types';

const ctx: SendContext = { id: 'd1', attempt: 1 };

/** A full garbage collection, from a test (Node exposes gc() to a new context once the flag is set). */
function collect(): void {
  setFlagsFromString('--expose_gc');
  (runInNewContext('gc') as () => void)();
}

describe('boundedSend', () => {
  it('leaves no listener on the close signal after thousands of sends, whatever they end in', async () => {
    const closing = new AbortController().signal;
    for (let i = 0; i < 3000; i += 1) {
      const outcome = await boundedSend(
        async () => (i % 3 === 0 ? Promise.reject(new Error('refused')) : { kind: 'ok' as const }),
        () => i, ctx, { clock: systemClock, timeoutMs: 10_000, closing },
      );
      expect(outcome.kind).toBe(i % 3 === 0 ? 'retry' : 'ok');
    }
    expect(getEventListeners(closing, 'abort')).toHaveLength(0);
  });

  it("keeps main's heap flat: what a send leaves behind after a full collection is a few bytes, not the ~1.9 KB of before", async () => {
    const closing = new AbortController().signal;
    const sends = async (n: number) => {
      for (let i = 0; i < n; i += 1) await boundedSend(async () => ({ kind: 'ok' as const }), () => i, ctx, { clock: systemClock, timeoutMs: 10_000, closing });
    };
    await sends(1000);
    collect();
    const before = process.memoryUsage().heapUsed;
    await sends(20_000);
    collect();
    // A memory bound, not a time: the leaking version kept ~1,900 bytes per send (issue 16).
    expect((process.memoryUsage().heapUsed - before) / 20_000).toBeLessThan(200);
  });

  it('ends an attempt that ignores its signal at the time limit, and when the outbox closes', async () => {
    const never = () => new Promise<never>(() => undefined);
    const late = await boundedSend(never, () => 1, ctx, { clock: systemClock, timeoutMs: 20, closing: new AbortController().signal });
    expect(late).toEqual({ kind: 'retry', reason: 'Sending took longer than 0 s.' });
    const closer = new AbortController();
    const pending = boundedSend(never, () => 1, ctx, { clock: systemClock, timeoutMs: 10_000, closing: closer.signal });
    closer.abort(new Error('The outbox is closing.'));
    expect(await pending).toEqual({ kind: 'retry', reason: 'The outbox is closing.' });
    expect(getEventListeners(closer.signal, 'abort')).toHaveLength(0);
  });
});
