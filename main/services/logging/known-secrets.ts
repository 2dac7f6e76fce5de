// The exact secrets main holds (passwords being used or remembered, tokens, HA1,
// TURN credentials). Patterns miss a secret that looks like a word; main names
// each secret here, and every log line loses it wherever it appears.
//
// Two pools, so that no flood of other secrets can push a password out:
//  - held: what a holder (the signed-in session) holds right now. Never evicted;
//    bounded by construction (one holder, a handful of secrets of at most
//    MAX_KNOWN_SECRET characters). A holder replaces its whole set at once.
//  - remembered: everything else named with rememberSecret (passwords of failed
//    sign-ins, tokens renewed away, what a holder let go). The least recently
//    remembered leave first once their forms pass RECENT_BUDGET characters.
import { formsOf } from './secret-forms';

const MIN_KNOWN_SECRET = 4;
const MAX_KNOWN_SECRET = 4096;
/** Characters of encoded forms the remembered pool may keep (memory bound; about 180 typical passwords). */
export const RECENT_BUDGET = 64 * 1024;

/** Who may hold secrets: a closed list, so the held pool stays bounded. */
export type SecretHolder = 'session';

type Secret = string | null | undefined;

const held = new Map<SecretHolder, ReadonlySet<string>>();
/** Remembered secrets and the characters of their forms, oldest first (a Map keeps insertion order). */
const remembered = new Map<string, number>();
let rememberedChars = 0;
/** The encoded forms of every known secret, computed once when it becomes known. */
const forms = new Map<string, readonly string[]>();

const usable = (secret: Secret): secret is string => !!secret && secret.length >= MIN_KNOWN_SECRET && secret.length <= MAX_KNOWN_SECRET;
const isHeld = (secret: string): boolean => [...held.values()].some((set) => set.has(secret));

/** Names a secret main holds; it is removed from every log line until evicted or forgotten. Too-short values are ignored. */
export function rememberSecret(secret: Secret): void {
  if (!usable(secret) || isHeld(secret)) return;
  dropRemembered(secret);
  const secretForms = forms.get(secret) ?? formsOf(secret);
  forms.set(secret, secretForms);
  const chars = secretForms.reduce((sum, form) => sum + form.length, 0);
  remembered.set(secret, chars);
  rememberedChars += chars;
  // The newest one stays even alone over budget: it is bounded by MAX_KNOWN_SECRET.
  for (const oldest of remembered.keys()) {
    if (rememberedChars <= RECENT_BUDGET || oldest === secret) break;
    dropRemembered(oldest);
    forms.delete(oldest);
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
    if (!forms.has(secret)) forms.set(secret, formsOf(secret));
  }
  for (const secret of before) if (!now.has(secret) && !isHeld(secret)) rememberSecret(secret);
}

/** Stops removing a secret (whether remembered or held). */
export function forgetSecret(secret: Secret): void {
  if (!secret) return;
  dropRemembered(secret);
  for (const [holder, set] of held) if (set.has(secret)) held.set(holder, new Set([...set].filter((s) => s !== secret)));
  forms.delete(secret);
}

function dropRemembered(secret: string): void {
  const chars = remembered.get(secret);
  if (chars === undefined) return;
  remembered.delete(secret);
  rememberedChars -= chars;
}

/** `text` with every form of every known secret replaced by `replacement`. */
export function removeKnownSecrets(text: string, replacement: string): string {
  let out = text;
  for (const secretForms of forms.values()) {
    for (const form of secretForms) if (out.includes(form)) out = out.split(form).join(replacement);
  }
  return out;
}

/** Characters kept for removal: held (bounded by construction) and remembered (at most about RECENT_BUDGET). */
export function knownSecretsFootprint(): { held: number; remembered: number } {
  let heldChars = 0;
  for (const set of held.values()) for (const secret of set) heldChars += (forms.get(secret) ?? []).reduce((sum, form) => sum + form.length, 0);
  return { held: heldChars, remembered: rememberedChars };
}
