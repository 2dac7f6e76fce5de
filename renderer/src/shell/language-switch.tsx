import { useId } from 'react';
import { LANGUAGES, type Language } from '../../../common/i18n';
import { useLanguage } from '../i18n';

/** Spanish / English, switchable at any time (saved in the settings). */
export function LanguageSwitch({ onChange }: { onChange: (language: Language) => void }) {
  const { language, t } = useLanguage();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={language} onChange={(e) => onChange(e.target.value === 'en' ? 'en' : 'es')}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
