import type { SessionView } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';

/** The signed-in area. The phone, calls and supervisor views take their place here. */
export function AgentHome({ session }: { session: SessionView }) {
  const { t } = useLanguage();
  const agent = session.agent;
  return (
    <main className="agent-home" id="main">
      <section className="card">
        <h1>{t('signedIn.welcome', { name: agent?.fullname ?? '' })}</h1>
        <p>{t('signedIn.ready', { agent: agent?.name ?? '', instance: session.instanceUrl ?? '' })}</p>
        {session.apiUser && <p>{t('signedIn.apiUser', { apiUser: session.apiUser })}</p>}
      </section>
    </main>
  );
}
