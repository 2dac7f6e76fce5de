// The browser's language, for a page that cannot read the app's settings
// (a stale tab): English for an English browser, Spanish (the app's default) otherwise.
import type { Language } from '../../../common/i18n';

export function browserLanguage(languages: readonly string[]): Language {
  const first = languages[0]?.toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}
