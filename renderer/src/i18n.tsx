// The UI's language: a context with a typed `t()` over the table of the
// language shown. Tables load on demand (dictionaries.ts): nothing is drawn
// until the first one is in (no untranslated keys), and a switch keeps the
// old language on screen until the new table has arrived, then changes every
// text, and <html lang>, at once. The tree stays mounted through a switch, so
// focus and what the agent typed stay where they were.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language, MessageKey } from '../../common/i18n';
import { translateIn, type Dictionary } from '../../common/i18n/dictionary';
import { loadDictionary } from './dictionaries';

export type Translate = (key: MessageKey, params?: Record<string, string>) => string;

interface LanguageValue {
  /** The language shown. */
  language: Language;
  /** The language asked for: the same, or the next one while its table loads (the switch shows it at once). */
  chosen: Language;
  t: Translate;
  /** The table of the language shown (for texts said by key: speak-error.ts). */
  dictionary: Dictionary;
}

const LanguageContext = createContext<LanguageValue | null>(null);

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [shown, setShown] = useState<{ language: Language; dictionary: Dictionary } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    loadDictionary(language).then(
      (dictionary) => {
        if (!current) return;
        setShown({ language, dictionary });
        setFailed(false);
      },
      // The old language stays shown; with none yet, the page says so in both (it cannot know which).
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.language;
  }, [shown]);

  const value = useMemo<LanguageValue | null>(
    () =>
      shown && {
        language: shown.language,
        chosen: language,
        t: (key, params) => translateIn(shown.dictionary, key, params),
        dictionary: shown.dictionary,
      },
    [shown, language],
  );
  if (value === null) return failed ? <TextsMissing /> : null;
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageValue {
  const value = useContext(LanguageContext);
  if (value === null) throw new Error('useLanguage() is used outside <LanguageProvider>.');
  return value;
}

/** No table could be loaded (the app's files are damaged or were replaced under the page): said in both languages. */
function TextsMissing() {
  return (
    <p role="alert" className="banner banner-error">
      <span lang="es">No se pudieron cargar los textos de la aplicación. Recargue la página o reinicie la aplicación.</span>{' '}
      <span lang="en">The app’s texts could not be loaded. Reload the page or restart the app.</span>
    </p>
  );
}
