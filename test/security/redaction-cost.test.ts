// Issue 13, point 5: redaction is linear in its input (a 40 KB field used to
// take 3.8 s and stall every socket). Compared as a ratio within one run, never
// against an absolute time: 100 times the input may cost about 100 times as
// much; the old quadratic patterns cost 10,000 times.
import { describe, expect, it } from 'vitest';
import { scrubText } from '../../main/services/logging';

const SHAPES: Record<string, (n: number) => string> = {
  'token characters': (n) => 'aB3-'.repeat(n / 4),
  'secret key words': (n) => 'password'.repeat(n / 8),
  'an unterminated quoted value': (n) => `"token":"${'x\\'.repeat(n / 2)}`,
  'repeated URL schemes': (n) => 'http://a:'.repeat(n / 9),
  'key=value pairs': (n) => 'token=abc&'.repeat(n / 10),
  'words and spaces': (n) => 'the password is '.repeat(n / 16),
};

/** The fastest of a few runs, in ms. */
function cost(text: string, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    scrubText(text);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('redaction cost', () => {
  it.each(Object.keys(SHAPES))('grows linearly with the input: %s', (shape) => {
    const make = SHAPES[shape]!;
    const small = cost(make(10_000), 20);
    const large = cost(make(1_000_000), 2);
    // Linear gives ~100; a floor of 0.05 ms keeps timer noise on the small input out of the ratio.
    expect(large / Math.max(small, 0.05)).toBeLessThan(1000);
  });
});
