import type { Connectivity } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';

/**
 * Whether the platform is reachable. Starts as "connected" once signed in
 * (the sign-in itself reached it) until main reports otherwise. The phone's
 * registration state joins here when the phone lands.
 */
export function ConnectionIndicator({ connectivity }: { connectivity: Connectivity }) {
  const { t } = useLanguage();
  const state = connectivity.api === 'offline' ? 'offline' : 'online';
  const label = t(`connection.${state}`);
  return (
    <span className={`connection connection-${state}`} role="status" title={connectivity.detail ?? label} data-testid="connection">
      <span className="connection-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('header.connection')}: </span>
      {label}
    </span>
  );
}
