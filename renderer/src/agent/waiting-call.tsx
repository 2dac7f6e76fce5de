// A call ringing while the agent is on another (call waiting). The platform
// offered it, often because it no longer knows the first call; the agent
// takes it by holding or ending the current one, or rejects it. Focus never
// moves to it: the agent may be typing; it is announced politely instead.
import { useLanguage } from '../i18n';
import type { CallView } from './call-view';
import type { CallsActions } from './use-calls';

export function WaitingCall({ call, actions }: { call: CallView; actions: CallsActions }) {
  const { t } = useLanguage();
  const who = call.caller || t('calls.panel.unknownCaller');
  return (
    <section className="card waiting-call" aria-label={t('calls.waiting.title')} data-testid="waiting-call" data-caller={call.caller}>
      <p className="call-state" aria-live="polite">
        {t('calls.waiting.title')}: {t('calls.waiting.who', { caller: who, campaign: call.campaign ?? '' })}
      </p>
      <div className="call-controls">
        <button type="button" className="button button-ok" onClick={() => actions.takeWaiting('hold-current')} data-testid="waiting-hold-answer">
          {t('calls.waiting.holdAndAnswer')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => actions.takeWaiting('end-current')} data-testid="waiting-end-answer">
          {t('calls.waiting.endAndAnswer')}
        </button>
        <button type="button" className="button button-danger" onClick={actions.rejectWaiting} data-testid="waiting-reject">
          {t('calls.waiting.reject')}
        </button>
      </div>
    </section>
  );
}
