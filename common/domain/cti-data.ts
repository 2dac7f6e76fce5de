// The dialer record's `data` as the agent sees it with a call: name/value
// pairs from the CTI object's ParAndValues. The spec shows one `<key>=<value>`
// pair; several are joined with `;` (as the app and the bulk CLI send them),
// and `|` or a line break are read the same way. Bounded: at most 50 pairs,
// names of 64 and values of 256 characters; anything else is dropped, never
// shown as markup.
export interface CtiPair {
  readonly name: string;
  readonly value: string;
}

export const MAX_CTI_PAIRS = 50;
const MAX_NAME = 64;
const MAX_VALUE = 256;

export function ctiPairs(parAndValues: string | undefined): CtiPair[] {
  if (!parAndValues) return [];
  const pairs: CtiPair[] = [];
  for (const part of parAndValues.slice(0, 64 * 1024).split(/[;|\r\n]+/u)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim().slice(0, MAX_NAME);
    const value = part.slice(at + 1).trim().slice(0, MAX_VALUE);
    if (!name) continue;
    pairs.push({ name, value });
    if (pairs.length >= MAX_CTI_PAIRS) break;
  }
  return pairs;
}

/** The campaign's form name from the CTI object (`Form`), or from a campaign's `form` (`<name>|<flag>`). */
export function formName(form: string | undefined): string | null {
  const name = (form ?? '').split('|')[0]?.trim() ?? '';
  return name ? name.slice(0, 128) : null;
}
