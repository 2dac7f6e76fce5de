// A ringing call stays answerable while a modal dialog (sign-out, settings)
// makes the rest of the page inert: the dialog shows it with an Answer
// button. The phone comes from PhoneContext (set by the signed-in shell), the
// ringing call from the phone status every part of the app shares.
import { createContext, useContext } from 'react';
import type { Phone } from '../phone';
import { useLanguage } from '../i18n';
import { applyPhoneCommand } from '../workstation/use-phone-commands';
import { useWorkstation } from '../workstation/workstation-context';

export const PhoneContext = createContext<Phone | null>(null);

export function RingInDialog() {
  const { t } = useLanguage();
  const phone = useContext(PhoneContext);
  const call = useWorkstation().phoneStatus.call;
  if (!phone || call?.state !== 'ringing') return null;
  const who = call.caller || t('calls.panel.unknownCaller');
  return (
    <div className="banner banner-info ring-in-dialog" data-testid="dialog-ring">
      <span>{t('shift.dialog.ringing', { caller: who })}</span>
      <button type="button" className="button button-ok" onClick={() => void applyPhoneCommand(phone, { command: 'answer', callId: call.id })} data-testid="dialog-answer">
        {t('calls.answer')}
      </button>
    </div>
  );
}
