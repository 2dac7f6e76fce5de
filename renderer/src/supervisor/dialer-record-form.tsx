// Add Record to Dialer: campaign, numbers, optional agent, key=value data,
// when to call, and the source/bulk/automatic flags (undocumented).
import { useId, useRef, useState, type FormEvent } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { FieldError, TextField } from '../sign-in/text-field';
import { errorFor, FormStatus, formError } from './form-status';
import { DateTimeField } from '../date-time-field';
import { platformDateTime } from '../local-date-time';

const FIELDS = ['campaign', 'destination', 'alternatives', 'agent', 'data', 'key', 'calldate', 'source'] as const;

interface Row {
  id: number;
  key: string;
  value: string;
}

export function DialerRecordForm({ api, campaigns }: { api: SoftphoneApi; campaigns: readonly string[] }) {
  const { t } = useLanguage();
  const id = useId();
  const [campaign, setCampaign] = useState('');
  const [destination, setDestination] = useState('');
  const [alternatives, setAlternatives] = useState('');
  const [agent, setAgent] = useState('');
  const [rows, setRows] = useState<Row[]>([{ id: 1, key: '', value: '' }]);
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [at, setAt] = useState('');
  const [source, setSource] = useState('');
  const [bulk, setBulk] = useState(false);
  const [automatic, setAutomatic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<{ campaign: string; destination: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const setRow = (rowId: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.id === rowId ? { ...r, ...patch } : r)));
  const addRow = () => setRows((rs) => [...rs, { id: Math.max(0, ...rs.map((r) => r.id)) + 1, key: '', value: '' }]);
  const removeRow = (rowId: number) => setRows((rs) => rs.filter((r) => r.id !== rowId));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const calldate = when === 'at' ? platformDateTime(at) : null;
    if (when === 'at' && calldate === null) return setError({ code: 'invalid-request', field: 'calldate', message: t('sup.record.needDate') });
    if (!campaign) return setError({ code: 'invalid-request', field: 'campaign', message: t('first.record.pickCampaign') });
    setBusy(true);
    const reply = await api.request('supervisor.addDialerRecord', {
      campaign, destination, alternatives, agent, calldate, source, bulk, automatic,
      data: rows.filter((r) => r.key.trim() !== '' || r.value.trim() !== '').map((r) => ({ key: r.key, value: r.value })),
    });
    setBusy(false);
    if (!reply.ok) return setError(reply.error);
    setError(null);
    setDone(reply.value);
    // Queued: this customer's fields go, so a second click or Enter cannot queue the same number twice
    // (refused as empty instead); campaign, agent, when and the flags stay for the next record.
    setDestination('');
    setAlternatives('');
    setRows([{ id: Math.max(0, ...rows.map((r) => r.id)) + 1, key: '', value: '' }]);
    form.current?.querySelector<HTMLInputElement>('input[name=destination]')?.focus();
  }

  return (
    <section className="sup-panel sup-form-panel" aria-labelledby={`${id}-heading`}>
      <form ref={form} className="card sup-form sup-form-wide" onSubmit={submit} noValidate data-testid="dialer-record-form">
        <h2 id={`${id}-heading`}>{t('sup.record.heading')}</h2>
        <div className="field">
          <label htmlFor={`${id}-campaign`}>{t('sup.record.campaign')}</label>
          <select id={`${id}-campaign`} name="campaign" value={campaign} onChange={(e) => setCampaign(e.target.value)} aria-invalid={errorFor(error, 'campaign') ? true : undefined}>
            <option value="">—</option>
            {campaigns.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
          <Err error={errorFor(error, 'campaign')} />
        </div>
        <div className="two-columns">
          <TextField name="destination" label={t('sup.record.destination')} value={destination} onValue={setDestination} inputMode="tel" autoComplete="off" error={errorFor(error, 'destination')} />
          <TextField name="agent" label={t('sup.record.agent')} hint={t('sup.record.agent.hint')} value={agent} onValue={setAgent} inputMode="numeric" autoComplete="off" error={errorFor(error, 'agent')} />
        </div>
        <TextField name="alternatives" label={t('sup.record.alternatives')} hint={t('sup.record.alternatives.hint')} value={alternatives} onValue={setAlternatives} autoComplete="off" error={errorFor(error, 'alternatives')} />

        <fieldset className="data-rows">
          <legend>{t('sup.record.data')}</legend>
          {rows.map((row, i) => (
            <div className="data-row" key={row.id}>
              <label className="visually-hidden" htmlFor={`${id}-key-${row.id}`}>{`${t('sup.record.data.key')} ${i + 1}`}</label>
              <input id={`${id}-key-${row.id}`} name="dataKey" placeholder={t('sup.record.data.key')} value={row.key} onChange={(e) => setRow(row.id, { key: e.target.value })} />
              <span aria-hidden="true">=</span>
              <label className="visually-hidden" htmlFor={`${id}-value-${row.id}`}>{`${t('sup.record.data.value')} ${i + 1}`}</label>
              <input id={`${id}-value-${row.id}`} name="dataValue" placeholder={t('sup.record.data.value')} value={row.value} onChange={(e) => setRow(row.id, { value: e.target.value })} />
              <button type="button" className="button button-secondary icon-button" onClick={() => removeRow(row.id)} aria-label={t('sup.record.data.remove', { row: String(i + 1) })}>×</button>
            </div>
          ))}
          <button type="button" className="button button-secondary" onClick={addRow}>{t('sup.record.data.add')}</button>
          <Err error={errorFor(error, 'data', 'key')} />
        </fieldset>

        <fieldset className="when">
          <legend>{t('sup.record.when')}</legend>
          <label className="checkbox"><input type="radio" name="when" value="now" checked={when === 'now'} onChange={() => setWhen('now')} /> {t('sup.record.now')}</label>
          <label className="checkbox"><input type="radio" name="when" value="at" checked={when === 'at'} onChange={() => setWhen('at')} /> {t('sup.record.at')}</label>
          {when === 'at' && (
            <div className="field">
              <label htmlFor={`${id}-at`}>{t('sup.record.dateTime')}</label>
              <DateTimeField id={`${id}-at`} name="calldate" step={1} value={at} onValue={setAt} aria-invalid={errorFor(error, 'calldate') ? true : undefined} />
            </div>
          )}
          <Err error={errorFor(error, 'calldate')} />
        </fieldset>

        <fieldset className="flags">
          <legend>{t('sup.record.flags')}</legend>
          <p className="hint" id={`${id}-flags-note`}>{t('sup.record.flags.note')}</p>
          <TextField name="source" label={t('sup.record.source')} value={source} onValue={setSource} autoComplete="off" aria-describedby={`${id}-flags-note`} error={errorFor(error, 'source')} />
          <label className="checkbox"><input type="checkbox" name="bulk" checked={bulk} onChange={(e) => setBulk(e.target.checked)} aria-describedby={`${id}-flags-note`} /> {t('sup.record.bulk')}</label>
          <label className="checkbox"><input type="checkbox" name="automatic" checked={automatic} onChange={(e) => setAutomatic(e.target.checked)} aria-describedby={`${id}-flags-note`} /> {t('sup.record.automatic')}</label>
        </fieldset>

        <FormStatus success={done && t('sup.record.done', done)} error={formError(error, FIELDS)} testId="dialer-record" />
        <button type="submit" className="button button-primary" disabled={busy}>{busy ? t('sup.record.submitting') : t('sup.record.submit')}</button>
      </form>
    </section>
  );
}

function Err({ error }: { error: IpcError | undefined }) {
  return error ? <FieldError error={error} /> : null;
}
