// Waits for a condition in small steps, bounded in time; fails naming what did not happen.
export async function until(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
