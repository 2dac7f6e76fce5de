// The UI's language: a context with a typed `t()` over common/i18n.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { translate, type Language, type MessageKey } from '../../common/i18n';

export type Translate = (key: MessageKey, params?: Record<string, string>) => string;

const LanguageContext = createContext<{ language: Language; t: Translate }>({
  language: 'es',
  t: (key, params) => translate('es', key, params),
});

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo(() => ({ language, t: ((key, params) => translate(language, key, params)) as Translate }), [language]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): { language: Language; t: Translate } {
  return useContext(LanguageContext);
}
