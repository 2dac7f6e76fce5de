// Compares secrets without leaking their length or content through timing.
import { createHash, timingSafeEqual } from 'node:crypto';

export function timingSafeEqualText(expected: string, actual: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(actual).digest();
  return timingSafeEqual(a, b);
}
