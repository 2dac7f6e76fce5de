// The workstation settings: start at login, close to tray, dial links at
// once, audio devices, global shortcuts. A setting IT locked in its policy file is shown
// read-only with "Set by your IT". A native modal <dialog>: Escape closes.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AudioDevices, IpcError, SettingsPatch, WorkstationSettings } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import { useLanguage } from '../i18n';
import { RingInDialog } from '../shell/ring-in-dialog';
import { useErrorText } from '../error-text';
import { AudioDevicesFieldset } from '../audio/audio-devices-fieldset';
import { useWorkstation } from './workstation-context';
import { FormAddressField } from './form-address-field';
import { IceServersFieldset } from './ice-servers-fieldset';
import { RingerFieldset } from '../audio/ringer-fieldset';
import { HeadsetConnect } from '../headset/headset-connect';

type Toggle = 'autostart' | 'closeToTray' | 'dialImmediately' | 'headsetButtons' | 'mediaKeys';
const TOGGLES: { key: Toggle; label: MessageKey; hint?: MessageKey }[] = [
  { key: 'autostart', label: 'workstation.settings.autostart', hint: 'workstation.settings.autostart.hint' },
  { key: 'closeToTray', label: 'workstation.settings.closeToTray' },
  { key: 'dialImmediately', label: 'workstation.settings.dialImmediately', hint: 'workstation.settings.dialImmediately.hint' },
  { key: 'headsetButtons', label: 'workstation.settings.headsetButtons', hint: 'workstation.settings.headsetButtons.hint' },
  { key: 'mediaKeys', label: 'workstation.settings.mediaKeys', hint: 'workstation.settings.mediaKeys.hint' },
];

export function WorkstationSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const { api, settings: view } = useWorkstation();
  const settings: WorkstationSettings = view.settings;
  const locked = new Set(view.policy.locked);
  const dialog = useRef<HTMLDialogElement>(null);
  const [answer, setAnswer] = useState(settings.answerShortcut);
  const [hangUp, setHangUp] = useState(settings.hangUpShortcut);
  const [error, setError] = useState<IpcError | null>(null);
  const [saved, setSaved] = useState(false);
  // A ticked box shows at once; main's settings.changed then confirms it (a refusal puts it back).
  const [pending, setPending] = useState<Partial<Record<Toggle, boolean>>>({});
  const [pendingAudio, setPendingAudio] = useState<AudioDevices | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function save(patch: SettingsPatch): Promise<void> {
    setError(null);
    setSaved(false);
    const reply = await api.request('settings.update', { patch });
    if (reply.ok) setSaved(true);
    else setError(reply.error);
  }

  async function toggle(key: Toggle, checked: boolean) {
    setPending((current) => ({ ...current, [key]: checked }));
    await save({ [key]: checked });
    setPending(({ [key]: _done, ...rest }) => rest);
  }

  async function saveAudio(audioDevices: AudioDevices) {
    setPendingAudio(audioDevices);
    await save({ audioDevices });
    setPendingAudio(null);
  }

  function saveShortcuts(event: FormEvent) {
    event.preventDefault();
    void save({ answerShortcut: answer.trim(), hangUpShortcut: hangUp.trim() });
  }

  return (
    <dialog ref={dialog} className="dialog workstation-settings" aria-labelledby={`${id}-title`} onCancel={onClose} data-testid="workstation-settings">
      <form onSubmit={saveShortcuts}>
        <h2 id={`${id}-title`}>{t('workstation.settings.title')}</h2>
        <RingInDialog />
        {view.policy.problem && (
          <p className="banner banner-warning" data-testid="policy-problem">{t('workstation.settings.policyProblem', { problem: errorText({ message: view.policy.problem.key, say: view.policy.problem }) })}</p>
        )}
        <fieldset className="settings-group">
          {TOGGLES.map(({ key, label, hint }) => {
            const isLocked = locked.has(key);
            const described = [hint ? `${id}-${key}-hint` : '', isLocked ? `${id}-${key}-locked` : ''].filter(Boolean).join(' ');
            return (
              <div className="setting-row" key={key}>
                <input
                  type="checkbox" id={`${id}-${key}`} name={key} checked={pending[key] ?? settings[key]} disabled={isLocked}
                  aria-describedby={described || undefined} onChange={(e) => void toggle(key, e.target.checked)}
                />
                <div>
                  <label htmlFor={`${id}-${key}`}>{t(label)}</label>
                  {hint && <p className="hint" id={`${id}-${key}-hint`}>{t(hint)}</p>}
                  {isLocked && <p className="locked-note" id={`${id}-${key}-locked`}>{t('workstation.settings.locked')}</p>}
                </div>
              </div>
            );
          })}
        </fieldset>
        <HeadsetConnect />
        <AudioDevicesFieldset saved={pendingAudio ?? settings.audioDevices} onSave={(devices) => void saveAudio(devices)} />
        <RingerFieldset settings={settings} onSave={save} />
        <FormAddressField onSave={save} />
        <IceServersFieldset onSave={save} />
        <fieldset className="settings-group">
          <legend>{t('workstation.settings.shortcuts')}</legend>
          <div className="shortcut-fields">
            <div>
              <label htmlFor={`${id}-answer`}>{t('workstation.settings.answerShortcut')}</label>
              <input id={`${id}-answer`} name="answerShortcut" value={answer} maxLength={64} autoComplete="off" aria-describedby={`${id}-shortcut-hint`} onChange={(e) => setAnswer(e.target.value)} />
            </div>
            <div>
              <label htmlFor={`${id}-hangup`}>{t('workstation.settings.hangUpShortcut')}</label>
              <input id={`${id}-hangup`} name="hangUpShortcut" value={hangUp} maxLength={64} autoComplete="off" aria-describedby={`${id}-shortcut-hint`} onChange={(e) => setHangUp(e.target.value)} />
            </div>
          </div>
          <p className="hint" id={`${id}-shortcut-hint`}>{t('workstation.settings.shortcut.hint')}</p>
          {/* Beside its fields, not in the footer: every other setting is saved as it changes, and a footer "Save" read as the whole dialog's. */}
          <button type="submit" className="button button-secondary" data-testid="save-shortcuts">{t('workstation.settings.saveShortcuts')}</button>
          {view.shortcutProblems.map((problem) => (
            <p key={JSON.stringify(problem)} className="field-error" role="alert" data-testid="shortcut-problem">{errorText({ message: problem.key, say: problem })}</p>
          ))}
        </fieldset>
        {error && <p role="alert" className="field-error">{errorText(error)}</p>}
        {saved && !error && <p role="status" className="hint">{t('workstation.settings.saved')}</p>}
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose}>{t('workstation.settings.close')}</button>
        </div>
      </form>
    </dialog>
  );
}
