// The campaign form address template in the settings: https only (main checks
// it again), read-only when IT's policy locks it or (browser host) when main
// has no dialog of its own to confirm a change; the desktop app asks first.
import { useId, useState, type FormEvent } from 'react';
import type { SettingsPatch } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import { useSettingFixed, useSettingLocked, useWorkstation } from './workstation-context';

export function FormAddressField({ onSave }: { onSave: (patch: SettingsPatch) => Promise<void> }) {
  const { t } = useLanguage();
  const id = useId();
  const saved = useWorkstation().settings.settings.formUrlTemplate;
  const locked = useSettingLocked('formUrlTemplate');
  const fixed = useSettingFixed('formUrlTemplate') && !locked;
  const readOnly = locked || fixed;
  const [value, setValue] = useState(saved);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ formUrlTemplate: value.trim() });
  };
  return (
    <fieldset className="settings-group">
      <legend>{t('shift.settings.formUrl')}</legend>
      <div className="form-address">
        <input
          id={id} name="formUrlTemplate" type="url" value={value} maxLength={2048} disabled={readOnly} autoComplete="off" placeholder="https://crm.example.com/forms/{form}?call={guid}"
          aria-label={t('shift.settings.formUrl')} aria-describedby={`${id}-hint${readOnly ? ` ${id}-locked` : ''}`} onChange={(e) => setValue(e.target.value)}
        />
        <button type="button" className="button button-secondary" onClick={save} disabled={readOnly || value.trim() === saved} data-testid="save-form-address">
          {t('shift.settings.formUrl.save')}
        </button>
      </div>
      <p className="hint" id={`${id}-hint`}>{t('shift.settings.formUrl.hint')}</p>
      {readOnly && <p className="locked-note" id={`${id}-locked`}>{t(locked ? 'workstation.settings.locked' : 'shift.settings.formUrl.fixed')}</p>}
    </fieldset>
  );
}
