// The page of a tab the app refused at once: in the browser host that is a
// tab left from an earlier run (the app's secret changed on restart), and a
// reload cannot fix it. Says what to do instead of failing every reload. The
// settings (and so the chosen language) are out of reach: the browser's
// language decides.
import { LanguageProvider, useLanguage } from '../i18n';
import { browserLanguage } from './browser-language';

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
    <div className="sign-in-page">
      <main className="sign-in card" id="main" lang={language} data-testid="stale-tab">
        <h1>{t('first.staleTab.heading')}</h1>
        <p role="alert">{t('first.staleTab.body')}</p>
      </main>
    </div>
  );
}
