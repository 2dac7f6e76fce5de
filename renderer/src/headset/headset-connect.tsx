// The headset line of the workstation settings: what is connected, and the
// "Connect headset" button (the browser asks the agent once; WebHID needs the click).
import { useContext } from 'react';
import { useLanguage } from '../i18n';
import { HeadsetContext } from './headset-context';

export function HeadsetConnect() {
  const { t } = useLanguage();
  const headset = useContext(HeadsetContext);
  if (!headset) return null;
  const { status, connect } = headset;
  const text =
    status.kind === 'connected' ? t('headset.status.connected', { name: status.name })
    : status.kind === 'failed' ? t('headset.status.failed', { detail: status.detail })
    : t(`headset.status.${status.kind}`);
  return (
    <fieldset className="settings-group" data-testid="headset">
      <legend>{t('headset.title')}</legend>
      <p className="hint" role="status" data-testid="headset-status" data-state={status.kind}>{text}</p>
      {(status.kind === 'none' || status.kind === 'failed' || status.kind === 'connected') && (
        <button type="button" className="button button-secondary" onClick={() => void connect()} data-testid="headset-connect">{t('headset.connect')}</button>
      )}
    </fieldset>
  );
}
