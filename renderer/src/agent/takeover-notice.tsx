// What the agent is told after a reload took a call back, or could not
// (use-call-takeover.ts), in the agent's language, until dismissed or the
// next call.
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import type { TakeoverNotice as Notice } from './use-call-takeover';

export function TakeoverNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const caller = notice.caller || t('calls.panel.unknownCaller');
  const failed = 'cause' in notice;
  const text = 'cause' in notice
    ? t(`calls.takeover.${notice.kind}`, { caller, cause: errorText({ message: notice.cause.key, say: notice.cause }) })
    : t(`calls.takeover.${notice.kind}`, { caller });
  return (
    <p className={`banner ${failed || notice.kind === 'missed' ? 'banner-warning' : 'banner-info'}`} role="status" data-testid="takeover-notice" data-kind={notice.kind}>
      {text}{' '}
      {notice.kind !== 'recovering' && <button type="button" className="button-link" onClick={onDismiss} data-testid="takeover-dismiss">{t('calls.lost.dismiss')}</button>}
    </p>
  );
}
