// Add Agent to Campaign: several agents × several campaigns in one request.
// The API cannot list agents, so the choice is the agents created in this
// session plus typed "user,phone" lines.
import { useId, useState, type FormEvent } from 'react';
import type { AgentRef, CreatedAgent, IpcError, MemberPair } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage, type Translate } from '../i18n';
import { FieldError } from '../sign-in/text-field';
import { FormStatus } from './form-status';
import { parseTypedAgents } from './form-values';

interface Props {
  api: SoftphoneApi;
  created: readonly CreatedAgent[];
  campaigns: readonly string[];
}

export function AddMembersForm({ api, created, campaigns }: Props) {
  const { t } = useLanguage();
  const typedId = useId();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [chosenCampaigns, setChosenCampaigns] = useState<ReadonlySet<string>>(new Set());
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [added, setAdded] = useState<MemberPair[] | null>(null);

  const typedAgents = parseTypedAgents(typed);
  const agents: AgentRef[] = [
    ...created.filter((a) => picked.has(a.phoneNumber)).map((a) => ({ membername: a.userName, phone: a.phoneNumber })),
    ...typedAgents.agents,
  ];
  const pairs = agents.length * chosenCampaigns.size;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    const problem = typedAgents.badLine !== null
      ? { field: 'typed', message: t('sup.members.typed.bad', { line: String(typedAgents.badLine) }) }
      : agents.length === 0 ? { field: 'agents', message: t('sup.members.pickAgent') }
      : chosenCampaigns.size === 0 ? { field: 'campaigns', message: t('sup.members.pickCampaign') } : null;
    if (problem) {
      setError({ code: 'invalid-request', ...problem });
      return;
    }
    setBusy(true);
    const result = await api.request('supervisor.addMembers', { agents, campaigns: [...chosenCampaigns] });
    setBusy(false);
    if (result.ok) {
      setError(null);
      setAdded(result.value.added);
    } else {
      setError(result.error);
    }
  }

  return (
    <section className="sup-panel sup-form-panel" aria-labelledby="members-heading">
      <form className="card sup-form sup-form-wide" onSubmit={submit} noValidate data-testid="members-form">
        <h2 id="members-heading">{t('sup.members.heading')}</h2>
        <p className="hint">{t('sup.members.intro')}</p>
        <div className="two-columns">
          <fieldset className="choice-group">
            <legend>{t('sup.members.agents')}</legend>
            {created.length === 0 && <p className="hint">{t('sup.members.noneCreated')}</p>}
            {created.map((a) => (
              <CheckBox key={a.phoneNumber} label={`${a.userName} (${a.phoneNumber})`} name="agent" value={a.phoneNumber} checked={picked.has(a.phoneNumber)} onChange={(on) => setPicked(toggle(picked, a.phoneNumber, on))} />
            ))}
            <label htmlFor={typedId} className="sub-label">{t('sup.members.typed')}</label>
            <textarea id={typedId} name="typedAgents" rows={3} value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby={`${typedId}-hint`} aria-invalid={typedAgents.badLine !== null || undefined} />
            <p className="hint" id={`${typedId}-hint`}>{t('sup.members.typed.hint')}</p>
            {error && (error.field === 'typed' || error.field === 'agents') && <FieldError error={error} />}
          </fieldset>
          <fieldset className="choice-group">
            <legend>{t('sup.members.campaigns')}</legend>
            {campaigns.map((name) => (
              <CheckBox key={name} label={name} name="campaign" value={name} checked={chosenCampaigns.has(name)} onChange={(on) => setChosenCampaigns(toggle(chosenCampaigns, name, on))} />
            ))}
            {error?.field === 'campaigns' && <FieldError error={error} />}
          </fieldset>
        </div>
        <FormStatus success={null} error={error && !['typed', 'agents', 'campaigns'].includes(error.field ?? '') ? error : null} testId="members" />
        {added && <AddedPairs pairs={added} t={t} />}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('sup.members.submitting') : t('sup.members.submit', { count: String(pairs) })}
        </button>
      </form>
    </section>
  );
}

function AddedPairs({ pairs, t }: { pairs: MemberPair[]; t: Translate }) {
  return (
    <div className="banner banner-success" role="status" data-testid="members-done">
      <p>{t('sup.members.added', { count: String(pairs.length) })}</p>
      <ul className="plain-list">
        {pairs.map((p) => <li key={`${p.membername}|${p.campaign}`}>{p.membername} (SIP/{p.phone}) → {p.campaign}</li>)}
      </ul>
    </div>
  );
}

function CheckBox({ label, name, value, checked, onChange }: { label: string; name: string; value: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" name={name} value={value} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function toggle(set: ReadonlySet<string>, value: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}
