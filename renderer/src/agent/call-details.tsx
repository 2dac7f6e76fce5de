// Who is calling, beyond the number: the dialer record's data the platform
// sent with the call (name/value pairs) and the campaign's form, from the
// first ring. Plain text only (React escapes it).
import { useLanguage } from '../i18n';
import type { CallView } from './call-view';

export function CallDetails({ call }: { call: CallView }) {
  const { t } = useLanguage();
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
      {call.form && <p className="call-form" data-testid="call-form">{t('shift.form', { form: call.form })}</p>}
    </div>
  );
}
