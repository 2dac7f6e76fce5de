import { useId } from 'react';
import { LANGUAGES, type Language } from '../../../common/i18n/language';
import { useLanguage } from '../i18n';
import { useSettingLocked } from '../workstation/workstation-context';

/** Spanish / English, switchable at any time (saved in the settings). */
export function LanguageSwitch({ onChange }: { onChange: (language: Language) => void }) {
  // The choice shows at once; the texts follow when the table is in.
  const { chosen, t } = useLanguage();
  const id = useId();
  // IT may fix the language in its policy file.
  const locked = useSettingLocked('language');
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={chosen} disabled={locked} title={locked ? t('workstation.settings.locked') : undefined} onChange={(e) => onChange(e.target.value === 'en' ? 'en' : 'es')}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
