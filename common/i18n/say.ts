// An error text in either language: a message key, its parameters, and the
// cause it names, also as a key. Main builds one; the page speaks it in the
// user's language (main speaks it in English for the log and the `message`).
// Both tables are imported here: main's way in. The page speaks through
// dictionary.ts with the one table it loaded.
import type { Language, MessageKey } from './index';
import { dictionaryOf } from './index';
import { en } from './en';
import { speakIn, type Say } from './dictionary';

export type { Say, Spoken } from './dictionary';

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The text of `say` in `language`; undefined when a key is unknown (the caller falls back to its English message). */
export function speak(language: Language, say: Say): string | undefined {
  return speakIn(dictionaryOf(language), say);
}

/** The English text of `spoken` (what main logs and puts in `message`); the key itself if unknown. */
export function english(spoken: Say): string {
  return speak('en', spoken) ?? spoken.key;
}
