// Dispositions the outbox gave up on (the platform kept answering `0`, or the
// saved copy can never pass as is): what was saved, what the platform said,
// and the two things an agent can do: try again, or copy it to record it by
// other means. Loaded whenever the outbox's parked count changes.
import { useEffect, useState } from 'react';
import type { IpcError, ParkedDisposition } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { useErrorText } from '../error-text';
import { FieldError } from '../sign-in/text-field';

export function ParkedDispositions({ api, parkedCount }: { api: SoftphoneApi; parkedCount: number }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const [parked, setParked] = useState<ParkedDisposition[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (parkedCount === 0) {
      setParked([]);
      return;
    }
    void api.request('calls.parkedDispositions', {}).then((r) => {
      if (!live) return;
      if (r.ok) setParked(r.value);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [api, parkedCount]);

  if (parked.length === 0 && !error) return null;
  const retry = (id: string) =>
    void api.request('calls.retryParked', { id }).then((r) => {
      if (r.ok) setParked((list) => list.filter((p) => p.id !== id));
      else setError(r.error);
    });
  const copy = (entry: ParkedDisposition) => {
    const text = JSON.stringify({ ...entry.disposition, reason: entry.reason }, null, 2);
    navigator.clipboard.writeText(text).then(
      () => setCopied(entry.id),
      () => setCopied(`failed:${entry.id}`),
    );
  };
  return (
    <section className="card parked-dispositions" aria-labelledby="parked-title" data-testid="parked-dispositions">
      <h2 id="parked-title">{t('calls.parked.title')} ({parked.length})</h2>
      {error && <FieldError error={error} />}
      <ul>
        {parked.map((entry) => {
          const d = entry.disposition;
          return (
            <li key={entry.id} data-testid="parked-disposition" data-id={entry.id}>
              <p className="parked-what">
                {d ? t('calls.parked.item', { caller: d.callerid, campaign: d.campaign, l1: d.l1 }) : t('calls.parked.unreadable')}
              </p>
              <p className="hint">{t('calls.parked.why', { reason: errorText({ message: entry.reason, ...(entry.say ? { say: entry.say } : {}) }) })}</p>
              <div className="call-controls">
                <button type="button" className="button button-secondary" onClick={() => retry(entry.id)} data-testid="parked-retry">{t('calls.parked.retry')}</button>
                <button type="button" className="button button-secondary" onClick={() => copy(entry)} data-testid="parked-copy">{t('calls.parked.copy')}</button>
                {copied === entry.id && <span role="status">{t('calls.parked.copied')}</span>}
                {copied === `failed:${entry.id}` && <span role="alert">{t('calls.parked.copyFailed')}</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
