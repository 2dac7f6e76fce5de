// "n waiting to send": dispositions main holds in its outbox until the
// platform says OK. The last failure is in the tooltip; parked ones (the
// platform refuses them as they are) are counted apart.
import type { OutboxStatusView } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import { useErrorText } from '../error-text';
import { outboxSummary } from './outbox-summary';

export function OutboxBadge({ status }: { status: OutboxStatusView | null }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const waiting = status?.pending ?? 0; // the outbox counts parked ones apart
  const parked = status?.parked ?? 0;
  const summary = outboxSummary(waiting, parked);
  const count = { count: String(summary.parked === 'parked' ? parked : waiting) };
  const text = summary.sending && t(`calls.outbox.${summary.sending}`, { count: String(waiting) });
  return (
    <p className={`outbox-badge${waiting > 0 ? ' outbox-waiting' : ''}`} role="status" title={status?.lastError ? errorText({ message: status.lastError, ...(status.lastErrorSay ? { say: status.lastErrorSay } : {}) }) : undefined} data-testid="outbox" data-pending={waiting} data-parked={parked}>
      <span className="visually-hidden">{t('calls.outbox.label')}: </span>
      {text}
      {summary.parked && <span className="outbox-parked">{text ? ' · ' : ''}{t(`calls.outbox.${summary.parked}`, count)}</span>}
    </p>
  );
}
