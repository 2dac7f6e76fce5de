import { english, type Say } from '../../../common/i18n/say';
import type { SessionView } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { CallPanel } from './call-panel';
import { DialPad } from './dial-pad';
import { DispositionForm } from './disposition-form';
import { OutboxBadge } from './outbox-badge';
import { useCalls } from './use-calls';
import './agent.css';

/**
 * The signed-in agent's area: the current call (or the dial pad), the
 * dispositions still to record, and the outbox's "n waiting to send".
 */
export function AgentHome({ api, session, phone, phoneProblem }: { api: SoftphoneApi; session: SessionView; phone: Phone | null; phoneProblem: Say | null }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const [state, actions] = useCalls(api, phone, (caller, campaign) => ({
    title: t('calls.notify.title'),
    body: t('calls.notify.body', { caller: caller || t('calls.panel.unknownCaller'), campaign }),
  }));
  const agent = session.agent;
  const call = state.call && state.call.state.kind !== 'ended' ? state.call : null;
  const wrap = state.wrapUps[0];
  return (
    <main className="agent-home" id="main">
      <div className="agent-top">
        <h1>{t('signedIn.welcome', { name: agent?.fullname ?? '' })}</h1>
        <OutboxBadge status={state.outbox} />
      </div>
      {phoneProblem && <p className="banner banner-warning" role="alert" data-testid="phone-problem">{errorText({ message: english(phoneProblem), say: phoneProblem })}</p>}
      {state.setup?.problem && <p className="banner banner-warning" role="alert">{t('calls.setupProblem', { problem: state.setup.problem })}</p>}
      {state.error && <FieldError error={state.error} />}
      {state.notice === 'fallback-hangup' && <p className="banner banner-info" role="status">{t('calls.hangUp.fallback')}</p>}
      <div className="agent-columns">
        <div className="agent-main">
          {call && <CallPanel call={call} actions={actions} />}
          {wrap && (
            <DispositionForm
              key={wrap.key} api={api} wrap={wrap} setup={state.setup} waitingAfter={state.wrapUps.length - 1}
              onDone={actions.finishWrapUp} onDiscard={actions.discardWrapUp}
            />
          )}
        </div>
        <DialPad setup={state.setup} busy={call !== null} placing={state.placing} onCall={actions.makeCall} />
      </div>
    </main>
  );
}
