// The sign-in form. As an agent: instance, agent, password, remember me, and
// an advanced part (API user, CA file, SIP URL). As a supervisor only:
// instance, API user and password, and the CA file under Advanced (no agent, no phone). Errors appear
// next to the field they concern; the password never comes back from main
// (only "remembered").
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { IpcError, SettingsView, SignInRequest } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { RoleChoice, type SignInRole } from './role-choice';
import { FieldError, TextField } from './text-field';

const ADVANCED_FIELDS = new Set(['apiUser', 'apiPassword', 'caFile', 'sipUrl']);
/** The fields a sign-in fills, in the form's order: the first one still empty takes the focus. */
const FIRST_FIELDS = 'input[name=instanceUrl], input[name=agent], input[name=password], input[name=apiUser], input[name=apiPassword]';
/** The fields each form shows; an error on any other field is shown above the form. */
const FORM_FIELDS: Record<SignInRole, Set<string>> = {
  agent: new Set(['instanceUrl', 'agent', 'password', ...ADVANCED_FIELDS]),
  supervisor: new Set(['instanceUrl', 'apiUser', 'apiPassword', 'caFile']),
};

interface Props {
  api: SoftphoneApi;
  view: SettingsView;
  busy: boolean;
}

export function SignInScreen({ api, view, busy }: Props) {
  const { language, t } = useLanguage();
  const defaults = view.signInDefaults;
  // Fields IT locked in its policy file: read-only, and the hint says who set them.
  const locked = (key: string) => view.policy.locked.includes(key);
  const lockedHint = (key: string, hint: string) => (locked(key) ? `${t('workstation.settings.locked')}. ${hint}` : hint);
  // The CA file decides whom main trusts: where main has no dialog of its own to confirm it (browser host), it is set at start.
  const caFileFixed = !locked('caFile') && view.fixed.includes('caFile');
  const [instanceUrl, setInstanceUrl] = useState(defaults.instanceUrl);
  const [agent, setAgent] = useState(defaults.agent);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(defaults.passwordRemembered || view.settings.rememberedAgent !== '');
  // Each role has its own API user: the supervisor's (remembered) never rides along, hidden, in an agent's sign-in.
  const [supervisorApiUser, setSupervisorApiUser] = useState(defaults.apiUser);
  const [supervisorApiPassword, setSupervisorApiPassword] = useState('');
  const [apiUser, setApiUser] = useState('');
  const [apiPassword, setApiPassword] = useState('');
  const [caFile, setCaFile] = useState(defaults.caFile);
  const [sipUrl, setSipUrl] = useState(defaults.sipUrl);
  // Open when the agent chose something there before (a SIP URL from the launcher alone does not count).
  const [advanced, setAdvanced] = useState(Boolean(defaults.caFile));
  // Supervisor first when the last sign-in was an API user without an agent.
  const [role, setRole] = useState<SignInRole>(defaults.apiUser && !defaults.agent ? 'supervisor' : 'agent');
  const [error, setError] = useState<IpcError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The field a refused sign-in names: the focus goes there (a new object each time, so the same field again moves it again). */
  const [focusOn, setFocusOn] = useState<{ field: string } | null>(null);

  // The shift starts here: the first field still to fill has the focus, so she types at once (a password
  // never comes back from main, so there is one; with it remembered, Enter signs in from there). Once: a
  // role chosen later does not pull the focus off the role buttons.
  useEffect(() => {
    const shown = form.current;
    if (!shown || shown.contains(document.activeElement)) return;
    [...shown.querySelectorAll<HTMLInputElement>(FIRST_FIELDS)].find((field) => !field.readOnly && field.value === '')?.focus();
  }, []);

  // After the render that shows the error (and opens Advanced for a field there): she retypes at once.
  useEffect(() => {
    if (focusOn) form.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(focusOn.field)}"]`)?.focus();
  }, [focusOn]);

  const errorFor = (field: string) => (error?.field === field ? error : undefined);
  const caFileField = (
    <TextField
      label={t('signIn.caFile')} hint={caFileFixed ? t('signIn.caFile.fixedHint') : lockedHint('caFile', t('signIn.caFile.hint'))} readOnly={locked('caFile') || caFileFixed}
      value={caFile} onValue={setCaFile} error={errorFor('caFile')} name="caFile"
    />
  );
  const formError = error && !(error.field && FORM_FIELDS[role].has(error.field)) ? error : null;
  const chooseRole = (next: SignInRole) => {
    setRole(next);
    setError(null);
  };
  const passwordRemembered = defaults.passwordRemembered && agent.trim() === defaults.agent;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    const request: SignInRequest =
      role === 'supervisor'
        ? { instanceUrl: instanceUrl.trim(), apiUser: supervisorApiUser.trim(), apiPassword: supervisorApiPassword, caFile: caFile.trim(), remember: false, language }
        : {
          instanceUrl: instanceUrl.trim(),
          agent: agent.trim(),
          password,
          remember,
          language,
          ...(apiUser.trim() ? { apiUser: apiUser.trim(), apiPassword } : {}),
          // Sent even when empty: clearing a field is a choice main saves.
          caFile: caFile.trim(),
          sipUrl: sipUrl.trim(),
        };
    const result = await api.request('session.signIn', request);
    setSubmitting(false);
    if (result.ok) return;
    setError(result.error);
    if (result.error.code === 'wrong-credentials') {
      setPassword('');
      setApiPassword('');
      setSupervisorApiPassword('');
    }
    if (result.error.field === 'caFile' || (role === 'agent' && result.error.field && ADVANCED_FIELDS.has(result.error.field))) setAdvanced(true);
    if (result.error.field) setFocusOn({ field: result.error.field });
  }

  const working = submitting || busy;
  return (
    <main className="sign-in card" id="main">
      <h1>{t('signIn.heading')}</h1>
      <p className="subtitle">{t(role === 'supervisor' ? 'signIn.subtitle.supervisor' : 'signIn.subtitle')}</p>
      {view.loadProblem && (
        <p className="banner banner-warning" role="status">
          <strong>{t('signIn.savedDataProblem')}</strong> {view.loadProblem}
        </p>
      )}
      <form ref={form} onSubmit={submit} noValidate aria-busy={working}>
        <RoleChoice role={role} onRole={chooseRole} disabled={working} />
        {formError && <FieldError error={formError} />}
        <TextField label={t('signIn.instanceUrl')} hint={lockedHint('instanceUrl', t('signIn.instanceUrl.hint'))} readOnly={locked('instanceUrl')} value={instanceUrl} onValue={setInstanceUrl} error={errorFor('instanceUrl')} type="url" autoComplete="url" name="instanceUrl" />
        {role === 'supervisor' ? (
          <>
            <TextField label={t('signIn.supervisorApiUser')} value={supervisorApiUser} onValue={setSupervisorApiUser} error={errorFor('apiUser')} autoComplete="username" name="apiUser" required />
            <TextField label={t('signIn.supervisorApiPassword')} value={supervisorApiPassword} onValue={setSupervisorApiPassword} error={errorFor('apiPassword')} type="password" autoComplete="current-password" name="apiPassword" required />
            {/* Under Advanced as in the agent form: rarely needed, and it kept "Sign in" below a 1366×768 screen's fold. */}
            <details className="advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
              <summary>{t('signIn.advanced')}</summary>
              {caFileField}
            </details>
          </>
        ) : (
          <>
            <TextField label={t('signIn.agent')} value={agent} onValue={setAgent} error={errorFor('agent')} autoComplete="username" name="agent" required />
            <TextField
              label={t('signIn.password')}
              value={password}
              onValue={setPassword}
              error={errorFor('password')}
              type="password"
              autoComplete="current-password"
              name="password"
              placeholder={passwordRemembered ? t('signIn.password.remembered') : undefined}
            />
            <label className="checkbox">
              <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              {t('signIn.remember')}
            </label>
            <details className="advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
              <summary>{t('signIn.advanced')}</summary>
              <TextField label={t('signIn.apiUser')} value={apiUser} onValue={setApiUser} error={errorFor('apiUser')} autoComplete="off" name="apiUser" />
              <TextField label={t('signIn.apiPassword')} value={apiPassword} onValue={setApiPassword} error={errorFor('apiPassword')} type="password" autoComplete="off" name="apiPassword" />
              {caFileField}
              <TextField label={t('signIn.sipUrl')} hint={lockedHint('sipWsUrlTemplate', t('signIn.sipUrl.hint'))} readOnly={locked('sipWsUrlTemplate')} value={sipUrl} onValue={setSipUrl} error={errorFor('sipUrl')} name="sipUrl" />
            </details>
          </>
        )}
        <button type="submit" className="button button-primary button-wide" disabled={working}>
          {working ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
      {/* Below the button: information, not a step, so "Sign in" stays in view on a 1366×768 screen. */}
      {view.secretStorage.mode === 'memory-only' && view.secretStorage.reason && (
        <p className="banner banner-info sign-in-note" role="status">{t(`signIn.memoryOnly.${view.secretStorage.reason}`)}</p>
      )}
    </main>
  );
}
