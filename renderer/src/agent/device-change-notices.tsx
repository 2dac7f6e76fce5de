// What the call panel says when a chosen audio device goes away or comes back
// (device-fallback.ts): which device is in use now, and for one that is back,
// the one-click switch back to it.
import { useContext } from 'react';
import { useLanguage } from '../i18n';
import { AudioDeviceStatusContext } from '../audio/audio-device-status';
import type { AudioRole } from '../audio/audio-devices';

const ROLE_KEY = {
  microphone: 'workstation.settings.audio.microphone',
  speaker: 'workstation.settings.audio.speaker',
  ringer: 'workstation.settings.audio.ringer',
} as const satisfies Record<AudioRole, string>;

export function DeviceChangeNotices() {
  const { t } = useLanguage();
  const { notices, switchBack } = useContext(AudioDeviceStatusContext);
  if (notices.length === 0) return null;
  return (
    <ul className="call-device-notices" data-testid="device-notices" aria-live="polite">
      {notices.map((notice) => {
        const inUse = notice.inUse ? t('calls.devices.inUse', { label: notice.inUse }) : t('calls.devices.systemDefault');
        const words = { role: t(ROLE_KEY[notice.role]), chosen: notice.chosen, inUse };
        return (
          <li key={notice.role} className="hint" data-testid={`device-notice-${notice.role}`} data-change={notice.change}>
            {t(notice.change === 'lost' ? 'calls.devices.lost' : 'calls.devices.back', words)}
            {notice.change === 'back' && (
              <>
                {' '}
                <button type="button" className="button button-secondary" onClick={() => switchBack(notice.role)} data-testid={`switch-back-${notice.role}`}>
                  {t('calls.devices.switchBack', { chosen: notice.chosen })}
                </button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
