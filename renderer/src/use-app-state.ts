// The app's state as the renderer knows it: settings, session and
// connectivity, kept current by main's events.
import { useCallback, useEffect, useState } from 'react';
import type { Connectivity, IpcError, SessionView, SettingsView } from '../../common/ipc-contract';
import type { Language } from '../../common/i18n';
import type { BridgeLoss, ConnectedApi } from './bridge';

export type AppState =
  | { status: 'loading' }
  | { status: 'failed'; error: IpcError | null }
  | { status: 'ready'; settings: SettingsView; session: SessionView; connectivity: Connectivity };

export function useAppState(connected: ConnectedApi) {
  const { api } = connected;
  const [state, setState] = useState<AppState>({ status: 'loading' });
  const [lost, setLost] = useState<BridgeLoss | null>(null);
  const [language, setLanguage] = useState<Language | null>(null);

  useEffect(() => {
    let active = true;
    connected.onLost((loss) => active && setLost(loss));
    const offs = [
      api.subscribe('session.changed', (session) => setState((s) => (s.status === 'ready' ? { ...s, session } : s))),
      api.subscribe('settings.changed', (settings) => setState((s) => (s.status === 'ready' ? { ...s, settings } : s))),
      api.subscribe('connectivity.changed', (connectivity) => setState((s) => (s.status === 'ready' ? { ...s, connectivity } : s))),
    ];
    void Promise.all([api.request('settings.get', {}), api.request('session.get', {})]).then(([settings, session]) => {
      if (!active) return;
      if (settings.ok && session.ok) {
        setState({ status: 'ready', settings: settings.value, session: session.value, connectivity: { api: 'unknown', detail: null } });
      } else {
        setState({ status: 'failed', error: !settings.ok ? settings.error : !session.ok ? session.error : null });
      }
    });
    return () => {
      active = false;
      for (const off of offs) off();
    };
  }, [api, connected]);

  const chosenLanguage: Language = language ?? (state.status === 'ready' ? state.settings.settings.language : 'es');

  const changeLanguage = useCallback(
    (next: Language) => {
      setLanguage(next);
      void api.request('settings.update', { patch: { language: next } });
    },
    [api],
  );

  return { state, lost, language: chosenLanguage, changeLanguage };
}
