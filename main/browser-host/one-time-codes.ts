// What the browser host puts in the page address instead of its secret
// (issue 13): a random code that dies at its first use or after a few
// minutes. Another local user who reads the browser's command line
// (/proc/*/cmdline) finds a spent code; the secret itself is handed to the page
// over the bridge socket the code opened.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface OneTimeCodes {
  /** A new code, valid once, for `ttlMs`. */
  mint(): string;
  /** True once for a live code, which is spent by it; false for any other text. */
  take(code: string): boolean;
}

export function createOneTimeCodes(options: { ttlMs?: number; max?: number; now?: () => number } = {}): OneTimeCodes {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const max = options.max ?? 16;
  const now = options.now ?? Date.now;
  const live = new Map<string, number>();
  const prune = () => {
    for (const [code, expires] of live) if (expires <= now()) live.delete(code);
    while (live.size > max) live.delete(live.keys().next().value ?? '');
  };
  return {
    mint() {
      const code = randomBytes(24).toString('hex');
      live.set(code, now() + ttlMs);
      prune();
      return code;
    },
    take(code) {
      prune();
      const given = Buffer.from(code);
      for (const candidate of live.keys()) {
        const known = Buffer.from(candidate);
        if (known.length === given.length && timingSafeEqual(known, given)) {
          live.delete(candidate);
          return true;
        }
      }
      return false;
    },
  };
}
