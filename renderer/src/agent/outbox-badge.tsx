// "n waiting to send": dispositions main holds in its outbox until the
// platform says OK. The last failure is in the tooltip; parked ones (the
// platform refuses them as they are) are counted apart.
import type { OutboxStatusView } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';

export function OutboxBadge({ status }: { status: OutboxStatusView | null }) {
  const { t } = useLanguage();
  const pending = status?.pending ?? 0;
  const parked = status?.parked ?? 0;
  const waiting = pending; // the outbox counts parked ones apart
  const text =
    waiting <= 0 ? t('calls.outbox.allSent') : waiting === 1 ? t('calls.outbox.waitingOne') : t('calls.outbox.waiting', { count: String(waiting) });
  return (
    <p className={`outbox-badge${waiting > 0 ? ' outbox-waiting' : ''}`} role="status" title={status?.lastError ?? undefined} data-testid="outbox" data-pending={waiting}>
      <span className="visually-hidden">{t('calls.outbox.label')}: </span>
      {text}
      {parked > 0 && <span className="outbox-parked"> · {t('calls.outbox.parked', { count: String(parked) })}</span>}
    </p>
  );
}
