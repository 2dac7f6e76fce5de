// The app's state (app-state-store.ts) for React, and the language shown:
// the agent's choice, else the settings', else (before they arrive) the
// page's guess (dictionaries.ts).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Language } from '../../common/i18n';
import type { AppStateStore } from './app-state-store';
import { guessLanguage, rememberLanguage } from './dictionaries';

export type { AppState } from './app-state-store';

export function useAppState(store: AppStateStore) {
  const { api } = store.connected;
  const { state, lost } = useSyncExternalStore(store.subscribe, store.get);
  const [language, setLanguage] = useState<Language | null>(null);
  const [guess] = useState(guessLanguage);

  const known = language ?? (state.status === 'ready' ? state.settings.settings.language : null);
  const chosenLanguage: Language = known ?? guess;

  useEffect(() => {
    if (known !== null) rememberLanguage(known);
  }, [known]);

  const changeLanguage = useCallback(
    (next: Language) => {
      setLanguage(next);
      void api.request('settings.update', { patch: { language: next } });
    },
    [api],
  );

  return { state, lost, language: chosenLanguage, changeLanguage };
}
