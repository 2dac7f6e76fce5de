// Runs a worker over an async source with at most `limit` items in flight.
// The next item is pulled only when a slot frees, so a large input is never
// buffered whole (p-limit alone would queue every item up front).

export interface BoundedPoolOptions {
  readonly limit: number;
  /** Checked before each pull; true stops reading the source (in-flight items still finish). */
  readonly shouldStop?: () => boolean;
  /** Called once the source is exhausted or stopped, before waiting for the items in flight. */
  readonly onSourceDone?: () => void;
}

export async function forEachBounded<T>(
  source: AsyncIterable<T>,
  worker: (item: T) => Promise<void>,
  options: BoundedPoolOptions,
): Promise<void> {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
  const inFlight = new Set<Promise<void>>();
  let firstError: { error: unknown } | undefined;
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (firstError !== undefined || options.shouldStop?.() === true) break;
      const next = await iterator.next();
      if (next.done === true) break;
      const running = worker(next.value).catch((error: unknown) => {
        firstError ??= { error };
      });
      const tracked = running.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= options.limit) await Promise.race(inFlight);
    }
  } finally {
    await iterator.return?.();
    options.onSourceDone?.();
    await Promise.all(inFlight);
  }
  if (firstError !== undefined) throw firstError.error;
}
