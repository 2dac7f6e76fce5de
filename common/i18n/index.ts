// A small typed dictionary: no library, a key that does not exist fails typecheck.
// Both languages at hand (main, the CLI, tests); the page loads one at a time
// and translates with dictionary.ts (issue 23).
import { en, type MessageKey } from './en';
import { es } from './es';
import type { Language } from './language';
import { translateIn, type Dictionary } from './dictionary';

export { LANGUAGES, type Language } from './language';
export type { MessageKey } from './en';
export type { Dictionary } from './dictionary';

const dictionaries: Record<Language, Dictionary> = { en, es };

export function dictionaryOf(language: Language): Dictionary {
  return dictionaries[language];
}

/** The text for `key` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(language: Language, key: MessageKey, params: Record<string, string> = {}): string {
  return translateIn(dictionaries[language], key, params);
}
