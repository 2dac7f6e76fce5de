// Searches everything the page's JavaScript can reach for given strings:
// the DOM (markup, input values, expando properties such as React's fibers),
// storage, cookies, history state, and every object reachable from window,
// walked breadth-first up to a bound. Returns where each string was found.
import type { Page } from 'playwright-core';

export async function findInPage(page: Page, needles: string[], maxObjects = 400_000): Promise<string[]> {
  return (await searchPage(page, needles, maxObjects)).found;
}

/** The search with its reach: how many objects the walk visited. */
export async function searchPage(page: Page, needles: string[], maxObjects = 400_000): Promise<{ found: string[]; visited: number }> {
  return page.evaluate(
    ({ needles, maxObjects }) => {
      const found: string[] = [];
      const check = (text: string, where: string) => {
        for (const needle of needles) if (text.includes(needle)) found.push(`${where} contains ${needle.slice(0, 4)}…`);
      };
      check(document.documentElement.outerHTML, 'document markup');
      for (const input of document.querySelectorAll('input, textarea')) check((input as HTMLInputElement).value, 'an input value');
      for (const store of [localStorage, sessionStorage]) {
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i) ?? '';
          check(`${key}=${store.getItem(key) ?? ''}`, 'web storage');
        }
      }
      check(document.cookie, 'cookies');
      check(JSON.stringify(history.state ?? null), 'history state');

      const seen = new Set<unknown>();
      const queue: [unknown, string][] = [[window, 'window'], ...[...document.querySelectorAll('*')].map((el, i): [unknown, string] => [el, `element#${i}`])];
      let visited = 0;
      for (let head = 0; head < queue.length && visited < maxObjects; head++) {
        const [value, path] = queue[head]!;
        if (typeof value === 'string') {
          check(value, path);
          continue;
        }
        if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
        seen.add(value);
        visited += 1;
        let names: string[];
        try {
          names = Object.getOwnPropertyNames(value);
        } catch {
          continue;
        }
        if (value instanceof Map) for (const [k, v] of value) queue.push([k, `${path}<key>`], [v, `${path}.get()`]);
        if (value instanceof Set) for (const v of value) queue.push([v, `${path}<item>`]);
        for (const name of names) {
          let child: unknown;
          try {
            const descriptor = Object.getOwnPropertyDescriptor(value, name);
            if (!descriptor || !('value' in descriptor)) continue; // never call getters
            child = descriptor.value;
          } catch {
            continue;
          }
          if (typeof child === 'string') check(child, `${path}.${name}`);
          else if (child && (typeof child === 'object' || typeof child === 'function')) queue.push([child, `${path}.${name}`]);
        }
      }
      return { found: [...new Set(found)], visited };
    },
    { needles, maxObjects },
  );
}
