// The agent's missed calls, newest first, with why each was missed (rang out,
// the caller gave up, rejected, offered during another call), until the agent
// dismisses them: no customer is turned away without a trace.
import type { MissedCall } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import type { MissedCalls } from './use-missed-calls';

export function MissedCallsCard({ state }: { state: MissedCalls }) {
  const { t, language } = useLanguage();
  if (state.missed.length === 0) return null;
  const time = (iso: string) => new Date(iso).toLocaleString(language, { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit' });
  const line = (m: MissedCall) =>
    t('calls.missed.item', {
      time: time(m.offeredAt),
      caller: m.caller || t('calls.panel.unknownCaller'),
      campaign: m.campaign ?? t('calls.missed.noCampaign'),
      reason: t(`calls.missed.reason.${m.reason}`),
    });
  return (
    <section className="card missed-calls" aria-labelledby="missed-calls-title" data-testid="missed-calls" data-count={state.missed.length}>
      <div className="missed-calls-head">
        <h2 id="missed-calls-title">{t('calls.missed.title')} ({state.missed.length})</h2>
        <button type="button" className="button button-secondary" onClick={() => state.dismiss('all')} data-testid="missed-dismiss-all">
          {t('calls.missed.dismissAll')}
        </button>
      </div>
      <ul>
        {state.missed.map((m) => (
          <li key={m.id} data-testid="missed-call" data-reason={m.reason}>
            <span>{line(m)}</span>
            <button type="button" className="button-link" onClick={() => state.dismiss([m.id])} aria-label={`${t('calls.missed.dismiss')}: ${line(m)}`}>
              {t('calls.missed.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
