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
  // A count and one waiter, not Promise.race over the items in flight: race
  // would hang a reaction on every pending item for every item pulled.
  let inFlight = 0;
  let slotFreed: (() => void) | undefined;
  const waitForASlot = (): Promise<void> => new Promise((resolve) => (slotFreed = resolve));
  const finished = (): void => {
    inFlight -= 1;
    const wake = slotFreed;
    slotFreed = undefined;
    wake?.();
  };
  let firstError: { error: unknown } | undefined;
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (firstError !== undefined || options.shouldStop?.() === true) break;
      const next = await iterator.next();
      if (next.done === true) break;
      inFlight += 1;
      void worker(next.value)
        .catch((error: unknown) => {
          firstError ??= { error };
        })
        .finally(finished);
      while (inFlight >= options.limit) await waitForASlot();
    }
  } finally {
    await iterator.return?.();
    options.onSourceDone?.();
    while (inFlight > 0) await waitForASlot();
  }
  if (firstError !== undefined) throw firstError.error;
}
