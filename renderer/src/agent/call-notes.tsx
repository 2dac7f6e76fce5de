// Notes the agent types while talking; they become the disposition's comment
// when the call ends (use-calls keeps them by call).
import { useId } from 'react';
import { useLanguage } from '../i18n';

export function CallNotes({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useLanguage();
  const id = useId();
  return (
    <div className="field call-notes">
      <label htmlFor={id}>{t('shift.notes')}</label>
      <textarea id={id} rows={2} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} data-testid="call-notes" />
      <p className="hint" id={`${id}-hint`}>{t('shift.notes.hint')}</p>
    </div>
  );
}
