// A call on hold beside the one the agent talks on: who it is, and the way
// back to it (the current one is held then) or to end it.
import { useLanguage } from '../i18n';
import type { CallView } from './call-view';
import type { CallsActions } from './use-calls';

export function HeldCall({ call, actions }: { call: CallView; actions: CallsActions }) {
  const { t } = useLanguage();
  return (
    <section className="card held-call" aria-label={t('calls.state.held')} data-testid="held-call" data-caller={call.caller}>
      <p className="call-state">{t('calls.held.title', { caller: call.caller || t('calls.panel.unknownCaller') })}</p>
      <div className="call-controls">
        <button type="button" className="button button-secondary" onClick={actions.swap} data-testid="held-swap">{t('calls.held.swap')}</button>
        <button type="button" className="button button-danger" onClick={actions.hangUpHeld} data-testid="held-hang-up">{t('calls.held.hangUp')}</button>
      </div>
    </section>
  );
}
