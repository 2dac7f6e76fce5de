import { useState } from 'react';
import type { Connectivity, SessionView } from '../../../common/ipc-contract';
import type { Language } from '../../../common/i18n';
import type { SoftphoneApi } from '../bridge';
import type { ConnectionIndicator as PhoneConnection } from '../phone';
import { useLanguage } from '../i18n';
import { ConnectionIndicator } from './connection-indicator';
import { LanguageSwitch } from './language-switch';
import { SignOutDialog } from './sign-out-dialog';
import { WorkstationMenu } from '../workstation/workstation-menu';

interface Props {
  api: SoftphoneApi;
  session: SessionView;
  connectivity: Connectivity;
  phone: PhoneConnection;
  onLanguage: (language: Language) => void;
}

export function AppHeader({ api, session, connectivity, phone, onLanguage }: Props) {
  const { t } = useLanguage();
  const [signingOut, setSigningOut] = useState(false);
  const agent = session.agent;
  // Supervisor only: the API user's name, no extension, and the indicator tells the API alone.
  const name = agent?.fullname ?? session.apiUser ?? '';
  return (
    <header className="app-header">
      <div className="agent-identity">
        <span className="avatar" aria-hidden="true">{initials(name)}</span>
        <div>
          <div className="agent-name" data-testid="agent-name">{name}</div>
          {agent ? (
            <div className="agent-extension" data-testid="agent-extension">
              {t('header.extension', { extension: agent.extension })}
            </div>
          ) : (
            <div className="agent-extension" data-testid="session-role">{t('header.supervisorOnly')}</div>
          )}
        </div>
      </div>
      <div className="header-tools">
        <ConnectionIndicator connectivity={connectivity} phone={agent ? phone : null} />
        <WorkstationMenu />
        <LanguageSwitch onChange={onLanguage} />
        <button type="button" className="button button-secondary" onClick={() => setSigningOut(true)} disabled={session.state !== 'signed-in'}>
          {t('signOut.button')}
        </button>
      </div>
      {signingOut && <SignOutDialog api={api} onClose={() => setSigningOut(false)} />}
    </header>
  );
}

function initials(fullname: string): string {
  return fullname
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
