// STUN/TURN servers (advanced; issue 15): for agents behind NAT or a firewall
// that blocks UDP. Addresses and user names are settings; a TURN credential
// goes to main's vault and is never shown again (only "saved"). Read-only
// when IT's policy sets them. Applied at the next sign-in.
import { useId, useState, type FormEvent } from 'react';
import type { SettingsPatch } from '../../../common/ipc-contract';
import { MAX_ICE_SERVERS } from '../../../common/domain/ice-server';
import { useLanguage } from '../i18n';
import { useSettingLocked, useWorkstation } from './workstation-context';

export function IceServersFieldset({ onSave }: { onSave: (patch: SettingsPatch) => Promise<void> }) {
  const { t } = useLanguage();
  const id = useId();
  const { api, settings: view } = useWorkstation();
  const servers = view.settings.iceServers;
  const locked = useSettingLocked('iceServers');
  const [urls, setUrls] = useState('');
  const [username, setUsername] = useState('');
  const [credential, setCredential] = useState('');
  const add = async (event: FormEvent) => {
    event.preventDefault();
    await onSave({ iceServers: [...servers.filter((s) => s.urls !== urls.trim()), { urls: urls.trim(), username: username.trim() }] });
    if (credential) await api.request('settings.setIceCredential', { urls: urls.trim(), credential });
    setUrls('');
    setUsername('');
    setCredential('');
  };
  const remove = async (gone: string) => {
    await onSave({ iceServers: servers.filter((s) => s.urls !== gone) });
    await api.request('settings.setIceCredential', { urls: gone, credential: '' });
  };
  return (
    <details className="settings-group ice-servers">
      <summary>{t('ice.legend')}</summary>
      <p className="hint">{t('ice.hint')}</p>
      <ul data-testid="ice-servers">
        {servers.map((s) => (
          <li key={s.urls}>
            <span>{s.urls}{s.username ? ` · ${s.username}` : ''}</span>
            {!locked && <button type="button" className="button-link" onClick={() => void remove(s.urls)}>{t('ice.remove')}</button>}
          </li>
        ))}
      </ul>
      {locked && <p className="locked-note">{t('workstation.settings.locked')}</p>}
      {!locked && servers.length < MAX_ICE_SERVERS && (
        <div className="ice-add">
          <label htmlFor={`${id}-urls`}>{t('ice.urls')}</label>
          <input id={`${id}-urls`} name="iceUrls" value={urls} maxLength={300} placeholder="turn:turn.example.com:443?transport=tcp" autoComplete="off" onChange={(e) => setUrls(e.target.value)} />
          <label htmlFor={`${id}-user`}>{t('ice.username')}</label>
          <input id={`${id}-user`} name="iceUsername" value={username} maxLength={256} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
          <label htmlFor={`${id}-credential`}>{t('ice.credential')}</label>
          <input id={`${id}-credential`} name="iceCredential" type="password" value={credential} maxLength={512} autoComplete="new-password" onChange={(e) => setCredential(e.target.value)} />
          <button type="button" className="button button-secondary" disabled={urls.trim() === ''} onClick={(e) => void add(e)} data-testid="ice-add">{t('ice.add')}</button>
        </div>
      )}
    </details>
  );
}
