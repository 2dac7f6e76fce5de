// My callbacks: the callbacks the agent scheduled in dispositions, soonest
// first, with their time; one that falls due is marked and announced once (a
// banner and an OS notification), until the agent marks it done.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcError, MyCallback } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { notifyAgent } from './agent-notification';

const CHECK_EVERY_MS = 15_000;
const dueTime = (at: string): number => Date.parse(at.replace(' ', 'T'));

/** Reads the list at start, after each disposition (`changed`), and every 15 s checks what fell due. */
export function MyCallbacksCard({ api, changed }: { api: SoftphoneApi; changed: unknown }) {
  const { t, language } = useLanguage();
  const [callbacks, setCallbacks] = useState<MyCallback[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const reminded = useRef(new Set<string>());

  const load = useCallback(() => {
    void api.request('calls.myCallbacks', {}).then((r) => (r.ok ? setCallbacks(r.value) : setError(r.error)));
  }, [api]);
  useEffect(load, [load, changed]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const due = callbacks.filter((c) => dueTime(c.at) <= now);
  useEffect(() => {
    for (const c of due) {
      if (reminded.current.has(c.guid)) continue;
      reminded.current.add(c.guid);
      notifyAgent(t('callbacks.notify.title'), t('callbacks.notify.body', { caller: c.caller, campaign: c.campaign }), `callback-${c.guid}`);
    }
  }, [due, t]);

  if (callbacks.length === 0) return null;
  const when = (at: string) => new Date(dueTime(at)).toLocaleString(language, { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit' });
  const done = (guid: string) => void api.request('calls.callbackDone', { guid }).then((r) => (r.ok ? setCallbacks(r.value) : setError(r.error)));
  return (
    <section className="card my-callbacks" aria-labelledby="my-callbacks-title" data-testid="my-callbacks">
      <h2 id="my-callbacks-title">{t('callbacks.title')} ({callbacks.length})</h2>
      {due.length > 0 && (
        <p className="banner banner-warning" role="alert" data-testid="callbacks-due">
          {due.length === 1 ? t('callbacks.dueOne', { caller: due[0]?.caller ?? '' }) : t('callbacks.due', { count: String(due.length) })}
        </p>
      )}
      {error && <FieldError error={error} />}
      <ul>
        {callbacks.map((c) => (
          <li key={c.guid} data-testid="my-callback" data-due={dueTime(c.at) <= now}>
            <span className="recent-when">{when(c.at)}</span>
            <span className="recent-who">{c.caller}</span>
            <span className="recent-campaign">{c.dialer || c.campaign}</span>
            <button type="button" className="button-link" onClick={() => done(c.guid)} data-testid="callback-done">{t('callbacks.done')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
