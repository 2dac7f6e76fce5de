// Sign-out with an optional message for the platform (Log Out's `message`).
// A native modal <dialog>: focus is trapped, Escape cancels. When finished
// calls still wait for their disposition, it says how many and offers to
// record them first (the default); signing out anyway keeps them in main for
// the next sign-in.
import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { useErrorText } from '../error-text';
import { useWorkstation } from '../workstation/workstation-context';
import { applyPhoneCommand } from '../workstation/use-phone-commands';
import { PhoneContext, RingInDialog } from './ring-in-dialog';

export function SignOutDialog({ api, onClose }: { api: SoftphoneApi; onClose: () => void }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  /** Calls waiting for a disposition; null while main is asked. */
  const [pending, setPending] = useState<number | null>(null);
  const messageId = useId();
  const hintId = useId();
  const titleId = useId();
  const pendingId = useId();
  const recordFirst = useRef<HTMLButtonElement>(null);
  const phone = useContext(PhoneContext);
  // A live call (not one ringing: that one is offered to answer) makes the dialog ask first.
  const inCall = useWorkstation().phoneStatus.call?.state === 'in-call';
  const inCallId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  /** The count main gives, for a confirmation that comes before it. */
  const pendingCount = useRef<Promise<number>>(Promise.resolve(0));
  useEffect(() => {
    let live = true;
    // Not knowing (main could not read the list) must not block a sign-out: the list stays on disk either way.
    const count = api.request('calls.pendingWrapUps', {}).then((reply) => (reply.ok ? reply.value.length : 0));
    pendingCount.current = count;
    void count.then((n) => live && setPending(n));
    return () => {
      live = false;
    };
  }, [api]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // Confirmed (Enter) before main gave the count of calls waiting for a disposition: when one or more do, the warning shows instead.
    if (!inCall && pending === null && (await pendingCount.current) > 0) {
      setBusy(false);
      return;
    }
    // Hang up first, so that the platform hears a BYE and the call gets its disposition form.
    if (inCall && phone) await applyPhoneCommand(phone, { command: 'hang-up', callId: null })?.catch(() => undefined);
    const result = await api.request('session.signOut', message.trim() ? { message: message.trim() } : {});
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  }

  const waiting = !inCall && pending !== null && pending > 0;
  // The count arrives after the dialog opened (focus was on the message): the safe choice takes the focus then.
  useEffect(() => {
    if (waiting || inCall) recordFirst.current?.focus();
  }, [waiting, inCall]);

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} aria-describedby={inCall ? inCallId : waiting ? pendingId : undefined} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{t('signOut.title')}</h2>
        <RingInDialog />
        {inCall && (
          <p id={inCallId} className="banner banner-warning" role="alert" data-testid="sign-out-in-call">{t('shift.signOut.inCall')}</p>
        )}
        {waiting && (
          <p id={pendingId} className="banner banner-warning" role="alert" data-testid="sign-out-pending">
            {pending === 1 ? t('calls.signOut.pendingOne') : t('calls.signOut.pending', { count: String(pending) })}
          </p>
        )}
        <label htmlFor={messageId}>{t('signOut.message')}</label>
        <input id={messageId} aria-describedby={hintId} value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} autoFocus={!waiting && !inCall} />
        <p id={hintId} className="hint">{t('signOut.message.hint')}</p>
        {error && <p role="alert" className="field-error">{errorText(error)}</p>}
        {inCall ? (
          <div className="dialog-actions dialog-actions-stacked">
            <button type="button" className="button button-primary" onClick={onClose} disabled={busy} ref={recordFirst} data-testid="sign-out-back-to-call">
              {t('shift.signOut.backToCall')}
            </button>
            <button type="submit" className="button button-danger" disabled={busy} data-testid="sign-out-hang-up">
              {busy ? t('signOut.submitting') : t('shift.signOut.hangUpAndSignOut')}
            </button>
          </div>
        ) : waiting ? (
          <div className="dialog-actions dialog-actions-stacked">
            {/* The default: the agent goes back to the disposition form. */}
            <button type="button" className="button button-primary" onClick={onClose} disabled={busy} ref={recordFirst} data-testid="sign-out-record-first">
              {pending === 1 ? t('calls.signOut.recordFirstOne') : t('calls.signOut.recordFirst')}
            </button>
            {/* Nothing is lost this way, so it is not styled as a danger; it is just not the default. */}
            <button type="submit" className="button button-secondary" disabled={busy} data-testid="sign-out-anyway">
              {busy ? t('signOut.submitting') : pending === 1 ? t('calls.signOut.anywayOne') : t('calls.signOut.anyway')}
            </button>
          </div>
        ) : (
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
              {t('signOut.cancel')}
            </button>
            <button type="submit" className="button button-danger" disabled={busy}>
              {busy ? t('signOut.submitting') : t('signOut.confirm')}
            </button>
          </div>
        )}
      </form>
    </dialog>
  );
}
