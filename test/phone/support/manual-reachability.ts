// Main's reachability probe for reconnector tests: every wait is a promise the test settles by hand.
/** A reachability port the test answers by hand: each wait is a promise the test settles. */
export function manualReachability() {
  const waits: { timeoutMs: number; outageMs: number; settle: (reachable: boolean) => void; signal: AbortSignal }[] = [];
  return {
    waits,
    port: {
      waitReachable: (timeoutMs: number, signal: AbortSignal, outageMs: number) =>
        new Promise<boolean>((resolve) => {
          waits.push({ timeoutMs, outageMs, settle: resolve, signal });
          signal.addEventListener('abort', () => resolve(false));
        }),
    },
  };
}
