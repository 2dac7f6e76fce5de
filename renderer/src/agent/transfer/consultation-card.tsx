// A consultation (attended transfer) and the three-way call it can become:
// who is on hold, who the agent talks to, and what can be done now — complete
// the transfer, swap, join all three, or cancel back to the customer. In a
// three-way call each party can be muted (heard by nobody) or hung up, and the
// agent can leave the two talking. States come from the phone's events.
import { useLanguage } from '../../i18n';
import type { CallView } from '../call-view';
import type { TransferActions, TransferUi } from './use-transfer';

interface Props {
  ui: TransferUi;
  actions: TransferActions;
  /** The customer's call and the consultation's, as the panel shows calls. */
  customer: CallView | null;
  target: CallView | null;
}

export function ConsultationCard({ ui, actions, customer, target }: Props) {
  const { t } = useLanguage();
  const consultation = ui.consultation;
  if (!consultation) return null;
  const state = consultation.state.kind;
  const targetName = consultation.target;
  const caller = customer?.caller || t('calls.panel.unknownCaller');
  const answered = target?.state.kind === 'active' || target?.state.kind === 'held';
  const busy = state === 'completing';
  if (state === 'conference' && ui.conference) {
    const partyName = (callId: string) => (callId === consultation.customerCallId ? `${t('conference.customer')} ${caller}` : targetName);
    const labelled = (action: string, callId: string) => t('conference.partyAction', { action, party: partyName(callId) });
    return (
      <section className="card consultation-card" aria-label={t('conference.title', { customer: caller, target: targetName })} data-testid="conference-card" data-stage={ui.conference.stage}>
        <h2 className="call-state">{t('conference.title', { customer: caller, target: targetName })}</h2>
        {ui.conference.stage === 'held' && <p role="status">{t('conference.held')}</p>}
        <ul className="conference-parties">
          {ui.conference.parties.map((party) => (
            <li key={party.callId} data-testid="conference-party" data-muted={party.muted}>
              <span>{partyName(party.callId)}</span>
              <button
                type="button" className="button button-secondary" aria-pressed={party.muted} aria-label={labelled(t('conference.mute'), party.callId)}
                onClick={() => actions.setPartyMuted(party.callId, !party.muted)} data-testid="party-mute"
              >
                {/* A toggle: its name stays, aria-pressed (and the look) says whether it is on. */}
                {t('conference.mute')}
              </button>
              <button type="button" className="button button-danger" aria-label={labelled(t('conference.drop'), party.callId)} onClick={() => actions.dropParty(party.callId)} data-testid="party-drop">
                {t('conference.drop')}
              </button>
            </li>
          ))}
        </ul>
        <div className="call-controls">
          <button type="button" className="button button-primary" onClick={actions.leave} data-testid="conference-leave">{t('conference.leave')}</button>
        </div>
      </section>
    );
  }
  return (
    <section className="card consultation-card" aria-label={t('consult.title', { target: targetName })} data-testid="consultation-card" data-state={state}>
      <h2 className="call-state">{t('consult.title', { target: targetName })}</h2>
      <p>{state === 'dialling' ? t('consult.dialling', { target: targetName }) : t('consult.customerHeld', { caller })}</p>
      <div className="call-controls">
        <button type="button" className="button button-primary" disabled={!answered || busy} onClick={actions.complete} data-testid="consult-complete">{t('consult.complete')}</button>
        <button type="button" className="button button-secondary" disabled={!answered || busy} onClick={actions.swap} data-testid="consult-swap">{t('consult.swap')}</button>
        <button type="button" className="button button-secondary" disabled={!answered || busy} onClick={actions.conference} data-testid="consult-conference">{t('consult.conference')}</button>
        <button type="button" className="button button-danger" disabled={busy} onClick={actions.cancel} data-testid="consult-cancel">{t('consult.cancel')}</button>
      </div>
    </section>
  );
}
