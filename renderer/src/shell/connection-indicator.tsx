import type { Connectivity } from '../../../common/ipc-contract';
import type { ConnectionIndicator as PhoneConnection } from '../phone';
import { connectionShown } from './connection-shown';
import { useLanguage } from '../i18n';

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
