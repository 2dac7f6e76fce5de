// The UI's texts, one language at a time (issue 23): each language's table is
// a chunk of its own, fetched the first time the page shows that language; the
// other is never parsed unless the agent switches to it. A failed load is
// forgotten, so the next attempt fetches again.
import type { Dictionary, Say } from '../../common/i18n/dictionary';
import { speakIn } from '../../common/i18n/dictionary';
import type { Language } from '../../common/i18n/language';
import { browserLanguage } from './shell/browser-language';

const LOADERS: Record<Language, () => Promise<Dictionary>> = {
  es: () => import('../../common/i18n/es').then((module) => module.es),
  en: () => import('../../common/i18n/en').then((module) => module.en),
};

const loads = new Map<Language, Promise<Dictionary>>();

export function loadDictionary(language: Language): Promise<Dictionary> {
  let load = loads.get(language);
  if (load === undefined) {
    load = LOADERS[language]();
    load.catch(() => loads.delete(language));
    loads.set(language, load);
  }
  return load;
}

/** The English of `say` for the app's log (IT reads English): fetches the English table if the page has not yet. */
export async function englishForLog(say: Say): Promise<string> {
  try {
    return speakIn(await loadDictionary('en'), say) ?? say.key;
  } catch {
    return say.key;
  }
}

const LAST_SHOWN = 'softphone.language';

/**
 * The language to show before main's settings arrive, and whose table the page
 * fetches at once: the one this app showed last (a hint the page keeps; the
 * settings decide), else the browser's.
 */
export function guessLanguage(): Language {
  try {
    const last = localStorage.getItem(LAST_SHOWN);
    if (last === 'es' || last === 'en') return last;
  } catch {
    /* storage refused: the browser's language */
  }
  return browserLanguage(navigator.languages);
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LAST_SHOWN, language);
  } catch {
    /* storage refused: the next start guesses from the browser */
  }
}
