// Create Agent: user name, full name, phone number, password with
// confirmation. The fixed fields of the spec are filled by main.
import { useState, type FormEvent } from 'react';
import type { CreatedAgent, IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { TextField } from '../sign-in/text-field';
import { errorFor, FormStatus, formError } from './form-status';

const FIELDS = ['userName', 'fullname', 'phoneNumber', 'password', 'confirm'] as const;
const EMPTY = { userName: '', fullname: '', phoneNumber: '', password: '', confirm: '' };

export function CreateAgentForm({ api, created, onCreated }: { api: SoftphoneApi; created: readonly CreatedAgent[]; onCreated: (agent: CreatedAgent) => void }) {
  const { t } = useLanguage();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<CreatedAgent | null>(null);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const mismatch = form.confirm !== '' && form.confirm !== form.password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (form.password !== form.confirm) {
      setError({ code: 'invalid-request', field: 'confirm', message: t('sup.agent.mismatch') });
      return;
    }
    setBusy(true);
    const result = await api.request('supervisor.createAgent', {
      userName: form.userName, fullname: form.fullname, phoneNumber: form.phoneNumber, password: form.password,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setForm(EMPTY);
    setDone(result.value);
    onCreated(result.value);
  }

  const phoneError = errorFor(error, 'phoneNumber');
  const confirmError = errorFor(error, 'confirm') ?? (mismatch ? { code: 'invalid-request' as const, field: 'confirm', message: t('sup.agent.mismatch') } : undefined);
  return (
    <section className="sup-panel sup-form-panel" aria-labelledby="create-agent-heading">
      <form className="card sup-form" onSubmit={submit} noValidate data-testid="create-agent-form">
        <h2 id="create-agent-heading">{t('sup.agent.heading')}</h2>
        <p className="hint">{t('sup.agent.intro')}</p>
        <TextField name="userName" label={t('sup.agent.userName')} value={form.userName} onValue={set('userName')} required autoComplete="off" error={errorFor(error, 'userName')} />
        <TextField name="fullname" label={t('sup.agent.fullname')} value={form.fullname} onValue={set('fullname')} required autoComplete="off" error={errorFor(error, 'fullname')} />
        <TextField name="phoneNumber" label={t('sup.agent.phone')} hint={t('sup.agent.phone.hint')} value={form.phoneNumber} onValue={set('phoneNumber')} required inputMode="numeric" autoComplete="off" error={phoneError} />
        <TextField name="password" type="password" label={t('sup.agent.password')} value={form.password} onValue={set('password')} required autoComplete="new-password" error={errorFor(error, 'password')} />
        <TextField name="confirm" type="password" label={t('sup.agent.confirm')} value={form.confirm} onValue={set('confirm')} required autoComplete="new-password" error={confirmError} />
        <FormStatus success={done && t('sup.agent.created', { userName: done.userName, phone: done.phoneNumber })} error={formError(error, FIELDS)} testId="create-agent" />
        <button type="submit" className="button button-primary" disabled={busy}>{busy ? t('sup.agent.submitting') : t('sup.agent.submit')}</button>
      </form>
      {created.length > 0 && (
        <div className="card sup-side">
          <h3>{t('sup.agent.session')}</h3>
          <ul className="plain-list" data-testid="created-agents">
            {created.map((a) => <li key={a.phoneNumber}><strong>{a.userName}</strong> · {a.fullname} · {a.phoneNumber}</li>)}
          </ul>
        </div>
      )}
    </section>
  );
}
