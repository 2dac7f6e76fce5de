// Finds every occurrence of many strings in one pass over a text (Aho–Corasick):
// the cost of a search grows with the text, not with the number of strings, so
// each secret may have many forms and redaction stays linear in its input.
// Built once per change of the set, then used by every log line.
//
// The trie lives in typed arrays: the strings are long and mostly unrelated, so
// nearly every state has one child, kept inline; the few extra children of a
// state go to one map, and the root (which branches widely) has a full table.

const UNITS = 0x10000;

export interface StringSetMatcher {
  /** The `[start, end)` ranges of `text` covered by an occurrence of any string, merged where they overlap or touch, in order. */
  coveredRanges(text: string): [number, number][];
  /** How many characters at the end of `text` are the beginning of one of the strings (what a cut there would leave of it). */
  openTailLength(text: string): number;
}

export function buildStringSetMatcher(strings: Iterable<string>): StringSetMatcher {
  const trie = buildTrie(strings);
  const { depth, longest } = trie;
  const empty = trie.size === 1;
  return {
    coveredRanges(text) {
      const ranges: [number, number][] = [];
      if (empty) return ranges;
      let state = 0;
      for (let i = 0; i < text.length; i += 1) {
        state = trie.step(state, text.charCodeAt(i));
        const length = longest[state] ?? 0;
        if (length === 0) continue;
        let start = i + 1 - length;
        // A later match may begin before earlier ones: swallow every range it reaches.
        while (ranges.length > 0 && start <= (ranges[ranges.length - 1]?.[1] ?? -1)) start = Math.min(start, ranges.pop()?.[0] ?? start);
        ranges.push([start, i + 1]);
      }
      return ranges;
    },
    openTailLength(text) {
      if (empty) return 0;
      let state = 0;
      for (let i = 0; i < text.length; i += 1) state = trie.step(state, text.charCodeAt(i));
      return depth[state] ?? 0;
    },
  };
}

interface Trie {
  readonly size: number;
  /** Characters from the root to each state: the longest suffix read so far that begins a string. */
  readonly depth: Int32Array;
  /** The longest string that ends at each state (itself or one of its suffixes), 0 for none. */
  readonly longest: Int32Array;
  /** The state after reading `unit` in `state`, following failure links (amortised constant). */
  step(state: number, unit: number): number;
}

function buildTrie(strings: Iterable<string>): Trie {
  let capacity = 1024;
  let size = 1;
  let parent = new Int32Array(capacity);
  let unitOf = new Uint16Array(capacity);
  let depth = new Int32Array(capacity);
  let longest = new Int32Array(capacity);
  let onlyChild = new Int32Array(capacity); // 0: none (the root is nobody's child)
  let onlyUnit = new Uint16Array(capacity);
  const rootChild = new Int32Array(UNITS);
  const moreChildren = new Map<number, number>(); // key: state * UNITS + unit

  const grow = () => {
    capacity *= 2;
    const larger = <T extends Int32Array | Uint16Array>(array: T): T => {
      const copy = new (array.constructor as new (length: number) => T)(capacity);
      copy.set(array);
      return copy;
    };
    [parent, unitOf, depth, longest, onlyChild, onlyUnit] = [larger(parent), larger(unitOf), larger(depth), larger(longest), larger(onlyChild), larger(onlyUnit)];
  };
  const childOf = (state: number, unit: number): number => {
    if (state === 0) return rootChild[unit] ?? 0;
    if (onlyUnit[state] === unit && onlyChild[state] !== 0) return onlyChild[state] ?? 0;
    return moreChildren.get(state * UNITS + unit) ?? 0;
  };
  const addChild = (state: number, unit: number): number => {
    if (size === capacity) grow();
    const child = size;
    size += 1;
    parent[child] = state;
    unitOf[child] = unit;
    depth[child] = (depth[state] ?? 0) + 1;
    if (state === 0) rootChild[unit] = child;
    else if (onlyChild[state] === 0) {
      onlyChild[state] = child;
      onlyUnit[state] = unit;
    } else moreChildren.set(state * UNITS + unit, child);
    return child;
  };

  for (const string of strings) {
    let state = 0;
    for (let i = 0; i < string.length; i += 1) {
      const unit = string.charCodeAt(i);
      state = childOf(state, unit) || addChild(state, unit);
    }
    if (string.length > 0) longest[state] = Math.max(longest[state] ?? 0, string.length);
  }

  const fail = new Int32Array(size);
  const step = (from: number, unit: number): number => {
    for (let state = from; ; state = fail[state] ?? 0) {
      const child = childOf(state, unit);
      if (child !== 0 || state === 0) return child;
    }
  };
  // Failure links shallowest first (a state's comes from its parent's): states sorted by depth.
  for (const state of byDepth(depth, size)) {
    if ((depth[state] ?? 0) <= 1) continue;
    const link = step(fail[parent[state] ?? 0] ?? 0, unitOf[state] ?? 0);
    fail[state] = link;
    longest[state] = Math.max(longest[state] ?? 0, longest[link] ?? 0);
  }
  // Only the build needs a state's parent and unit; the closures above would keep them alive.
  parent = new Int32Array(0);
  unitOf = new Uint16Array(0);
  return { size, depth, longest, step };
}

/** The states 1 … size-1 in order of depth (a counting sort). */
function byDepth(depth: Int32Array, size: number): Int32Array {
  let deepest = 0;
  for (let state = 1; state < size; state += 1) deepest = Math.max(deepest, depth[state] ?? 0);
  const starts = new Int32Array(deepest + 2);
  for (let state = 1; state < size; state += 1) {
    const next = (depth[state] ?? 0) + 1;
    starts[next] = (starts[next] ?? 0) + 1;
  }
  for (let d = 1; d < starts.length; d += 1) starts[d] = (starts[d] ?? 0) + (starts[d - 1] ?? 0);
  const order = new Int32Array(size - 1);
  for (let state = 1; state < size; state += 1) {
    const d = depth[state] ?? 0;
    order[starts[d] ?? 0] = state;
    starts[d] = (starts[d] ?? 0) + 1;
  }
  return order;
}
