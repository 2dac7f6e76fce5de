// The one-pass matcher behind known-secret removal agrees with a plain search:
// the same covered ranges, and the same open tail at a cut.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStringSetMatcher } from '../../../main/services/logging/string-set-matcher';

/** Every occurrence of every string, merged where they overlap or touch: the slow, obvious way. */
function naiveRanges(text: string, strings: string[]): [number, number][] {
  const covered = new Array<boolean>(text.length + 1).fill(false);
  const ends = new Set<number>();
  for (const string of strings) {
    for (let at = text.indexOf(string); at !== -1; at = text.indexOf(string, at + 1)) {
      for (let i = at; i < at + string.length; i += 1) covered[i] = true;
      ends.add(at + string.length);
    }
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (!covered[i]) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === i) last[1] = i + 1;
    else ranges.push([i, i + 1]);
  }
  return ranges;
}

const naiveTail = (text: string, strings: string[]): number => {
  for (let length = text.length; length > 0; length -= 1) if (strings.some((s) => s.startsWith(text.slice(-length)))) return length;
  return 0;
};

// A small alphabet makes overlaps, shared prefixes and suffix links common.
const small = fc.stringMatching(/^[ab€😀]{0,12}$/u);
const strings = fc.array(small.filter((s) => s.length > 0), { maxLength: 6 });

describe('the string-set matcher', () => {
  it('covers exactly what every occurrence of every string covers', () => {
    fc.assert(fc.property(strings, small, (set, text) => {
      expect(buildStringSetMatcher(set).coveredRanges(text)).toEqual(naiveRanges(text, set));
    }), { numRuns: 2000 });
  });

  it('finds the longest end of a text that begins one of the strings', () => {
    fc.assert(fc.property(strings, small, (set, text) => {
      expect(buildStringSetMatcher(set).openTailLength(text)).toBe(naiveTail(text, set));
    }), { numRuns: 2000 });
  });

  it('finds nothing without strings', () => {
    expect(buildStringSetMatcher([]).coveredRanges('anything')).toEqual([]);
    expect(buildStringSetMatcher([]).openTailLength('anything')).toBe(0);
  });
});
