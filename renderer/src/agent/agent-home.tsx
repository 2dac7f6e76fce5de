import type { SessionView } from '../../../common/ipc-contract';
import type { Phone } from '../phone';
import { useLanguage } from '../i18n';

/**
 * The signed-in area. `phone` is the running Phone (null until built); the
 * calls UI and the supervisor views take their place here.
 */
export function AgentHome({ session }: { session: SessionView; phone: Phone | null }) {
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
