// A small typed dictionary: no library, a key that does not exist fails typecheck.
import { en, type MessageKey } from './en';
import { es } from './es';
import type { Language } from './language';

export { LANGUAGES, type Language } from './language';
export type { MessageKey } from './en';

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, es };

/** The text for `key` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(language: Language, key: MessageKey, params: Record<string, string> = {}): string {
  return dictionaries[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
