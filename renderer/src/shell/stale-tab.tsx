// The page of a tab the app refused at once: in the browser host that is a
// tab left from an earlier run (the app's secret changed on restart), and a
// reload cannot fix it. Says what to do instead of failing every reload. The
// settings (and so the chosen language) are out of reach: the browser's
// language decides, Spanish unless it is English.
import { LanguageProvider, useLanguage } from '../i18n';
import type { Language } from '../../../common/i18n';

export function browserLanguage(languages: readonly string[]): Language {
  const first = languages[0]?.toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}

export function StaleTab() {
  return (
    <LanguageProvider language={browserLanguage(navigator.languages)}>
      <StaleTabText />
    </LanguageProvider>
  );
}

function StaleTabText() {
  const { language, t } = useLanguage();
  return (
    <main className="sign-in card" id="main" lang={language} data-testid="stale-tab">
      <h1>{t('first.staleTab.heading')}</h1>
      <p role="alert">{t('first.staleTab.body')}</p>
    </main>
  );
}
