// Who is calling, beyond the number: the dialer record's data the platform
// sent with the call (name/value pairs) and the campaign's form, from the
// first ring. Plain text only (React escapes it). With IT's form address
// template the form opens outside the app (main builds and checks the address).
import { useState } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { useWorkstation } from '../workstation/workstation-context';
import type { CallView } from './call-view';

export function CallDetails({ call, api }: { call: CallView; api: SoftphoneApi }) {
  const { t } = useLanguage();
  const [error, setError] = useState<IpcError | null>(null);
  // With IT's address template the form opens outside the app; without, its name is all there is.
  const hasFormAddress = useWorkstation().settings.settings.formUrlTemplate !== '';
  const openForm = async (form: string) => {
    setError(null);
    const reply = await api.request('calls.openForm', { guid: call.guid ?? '', caller: call.caller.slice(0, 64), campaign: call.campaign ?? '', form });
    if (!reply.ok) return setError(reply.error);
    // Browser mode: main built and checked the address; a new tab without access back to this page.
    if (!reply.value.opened) window.open(reply.value.url, '_blank', 'noopener,noreferrer');
  };
  if (call.data.length === 0 && !call.form) return null;
  return (
    <div className="call-details" data-testid="call-details">
      {call.data.length > 0 && (
        <dl className="call-data" aria-label={t('shift.data.label')}>
          {call.data.map((pair, index) => (
            <div key={`${index}-${pair.name}`} className="call-data-pair">
              <dt>{pair.name}</dt>
              <dd>{pair.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {call.form && !hasFormAddress && <p className="call-form" data-testid="call-form">{t('shift.form', { form: call.form })}</p>}
      {call.form && hasFormAddress && (
        <button type="button" className="button button-secondary call-form-open" onClick={() => void openForm(call.form ?? '')} data-testid="call-form-open">
          {t('shift.form.open', { form: call.form })}
        </button>
      )}
      {error && <FieldError error={error} />}
    </div>
  );
}
