// Sign-out with an optional message for the platform (Log Out's `message`).
// A native modal <dialog>: focus is trapped, Escape cancels.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';

export function SignOutDialog({ api, onClose }: { api: SoftphoneApi; onClose: () => void }) {
  const { t } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const messageId = useId();
  const hintId = useId();
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.request('session.signOut', message.trim() ? { message: message.trim() } : {});
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{t('signOut.title')}</h2>
        <label htmlFor={messageId}>{t('signOut.message')}</label>
        <input id={messageId} aria-describedby={hintId} value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} autoFocus />
        <p id={hintId} className="hint">{t('signOut.message.hint')}</p>
        {error && <p role="alert" className="field-error">{error.message}</p>}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            {t('signOut.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? t('signOut.submitting') : t('signOut.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
