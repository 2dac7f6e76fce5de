// The exact secrets main holds (passwords being used or remembered, tokens, HA1,
// TURN credentials). Patterns miss a secret that looks like a word; main names
// each secret here, and every log line loses it wherever it appears.
//
// Two pools, so that no flood of other secrets can push a password out:
//  - held: what a holder (the signed-in session, the browser host) holds right
//    now. Never evicted; bounded by construction: two holders, at most 9
//    secrets for the session (2 passwords, 2 tokens, HA1, 4 TURN credentials)
//    and 1 for the browser host (its per-launch secret), each with at most
//    FORM_CHARS_PER_SECRET characters of forms. A holder replaces its whole set at once.
//  - remembered: everything else named with rememberSecret (passwords of failed
//    sign-ins, tokens renewed away, what a holder let go). The least recently
//    remembered leave first once their forms pass RECENT_BUDGET characters.
import { formsOf } from './secret-forms';
import { buildStringSetMatcher, type StringSetMatcher } from './string-set-matcher';

const MIN_KNOWN_SECRET = 4;
const MAX_KNOWN_SECRET = 4096;
/** Characters of forms the remembered pool may keep (a memory bound): 100 to 200 passwords of usual length. */
export const RECENT_BUDGET = 64 * 1024;

/** Who may hold secrets: a closed list, so the held pool stays bounded. */
export type SecretHolder = 'session' | 'browser-host';

type Secret = string | null | undefined;

const held = new Map<SecretHolder, ReadonlySet<string>>();
/** Remembered secrets and the characters of their forms, oldest first (a Map keeps insertion order). */
const remembered = new Map<string, number>();
let rememberedChars = 0;
/** The encoded forms of every known secret, computed once when it becomes known. */
const forms = new Map<string, readonly string[]>();
/** One matcher for every form, built again on the first line after the set changed. */
let matcher: StringSetMatcher | null = null;

const usable = (secret: Secret): secret is string => !!secret && secret.length >= MIN_KNOWN_SECRET && secret.length <= MAX_KNOWN_SECRET;
const isHeld = (secret: string): boolean => [...held.values()].some((set) => set.has(secret));

/** Names a secret main holds; it is removed from every log line until evicted or forgotten. Too-short values are ignored. */
export function rememberSecret(secret: Secret): void {
  if (!usable(secret) || isHeld(secret)) return;
  dropRemembered(secret);
  const secretForms = knowForms(secret);
  const chars = secretForms.reduce((sum, form) => sum + form.length, 0);
  remembered.set(secret, chars);
  rememberedChars += chars;
  // The newest always fits: its forms are capped at FORM_CHARS_PER_SECRET, below the budget.
  for (const oldest of remembered.keys()) {
    if (rememberedChars <= RECENT_BUDGET || oldest === secret) break;
    dropRemembered(oldest);
    unknowForms(oldest);
  }
}

/**
 * Pins `secrets` for `holder`, replacing what it held before: these are never evicted. What it no
 * longer holds is remembered (evictable) from then on: a password signed out of still has no place in a log.
 */
export function holdSecrets(holder: SecretHolder, secrets: readonly Secret[]): void {
  const before = held.get(holder) ?? new Set<string>();
  const now = new Set(secrets.filter(usable));
  held.set(holder, now);
  for (const secret of now) {
    dropRemembered(secret);
    knowForms(secret);
  }
  for (const secret of before) if (!now.has(secret) && !isHeld(secret)) rememberSecret(secret);
}

/** Stops removing a secret (whether remembered or held). */
export function forgetSecret(secret: Secret): void {
  if (!secret) return;
  dropRemembered(secret);
  for (const [holder, set] of held) if (set.has(secret)) held.set(holder, new Set([...set].filter((s) => s !== secret)));
  unknowForms(secret);
}

function knowForms(secret: string): readonly string[] {
  const known = forms.get(secret);
  if (known) return known;
  const computed = formsOf(secret);
  forms.set(secret, computed);
  matcher = null;
  return computed;
}

function unknowForms(secret: string): void {
  if (forms.delete(secret)) matcher = null;
}

function dropRemembered(secret: string): void {
  const chars = remembered.get(secret);
  if (chars === undefined) return;
  remembered.delete(secret);
  rememberedChars -= chars;
}

const currentMatcher = (): StringSetMatcher => (matcher ??= buildStringSetMatcher([...forms.values()].flat()));

/** `text` with every form of every known secret replaced by `replacement`; one pass, whatever the number of forms. */
export function removeKnownSecrets(text: string, replacement: string): string {
  const ranges = forms.size === 0 ? [] : currentMatcher().coveredRanges(text);
  if (ranges.length === 0) return text;
  let out = '';
  let kept = 0;
  for (const [start, end] of ranges) {
    out += `${text.slice(kept, start)}${replacement}`;
    kept = end;
  }
  return out + text.slice(kept);
}

/** How many characters at the end of `text` begin a form of a known secret (what a cut there would leave of it). */
export function knownSecretTailLength(text: string): number {
  return forms.size === 0 ? 0 : currentMatcher().openTailLength(text);
}

/** Characters kept for removal: held (bounded by construction) and remembered (at most about RECENT_BUDGET). */
export function knownSecretsFootprint(): { held: number; remembered: number } {
  let heldChars = 0;
  for (const set of held.values()) for (const secret of set) heldChars += (forms.get(secret) ?? []).reduce((sum, form) => sum + form.length, 0);
  return { held: heldChars, remembered: rememberedChars };
}
