import type { Connectivity } from '../../../common/ipc-contract';
import type { ConnectionIndicator as PhoneConnection } from '../phone';
import { useLanguage } from '../i18n';

type Shown = 'online' | 'unknown' | 'offline';

/**
 * Connected = the phone is registered and main reaches the platform's API.
 * Without a phone (`null`: supervisor only) it is the API alone.
 */
export function connectionShown(connectivity: Connectivity, phone: PhoneConnection | null): Shown {
  if (phone === null) return connectivity.api === 'offline' ? 'offline' : 'online';
  if (connectivity.api === 'offline' || phone === 'offline') return 'offline';
  return phone === 'registered' ? 'online' : 'unknown';
}

export function ConnectionIndicator({ connectivity, phone }: { connectivity: Connectivity; phone: PhoneConnection | null }) {
  const { t } = useLanguage();
  const state = connectionShown(connectivity, phone);
  const label = t(`connection.${state}`);
  return (
    <span className={`connection connection-${state}`} role="status" title={connectivity.detail ?? label} data-testid="connection" data-state={state} data-phone={phone === null ? 'none' : phone}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="visually-hidden">{t('header.connection')}: </span>
      {label}
    </span>
  );
}
