// Bounded polling for tests that wait on a server or a page: the error names
// what did not happen and shows the last value seen.

export interface PollOptions {
  /** Default 15 s. */
  timeoutMs?: number;
  /** Default 50 ms. */
  intervalMs?: number;
}

/** Reads until `check` passes, returning the last value read. */
export async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, options: PollOptions = {}): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}; last seen: ${JSON.stringify(last)?.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
}
