// What the call panel says when a chosen audio device goes away or comes back
// (device-fallback.ts): which device is in use now, and for one that is back,
// the one-click switch back to it. Roles that lost the same device (a
// headset's call audio and ringer) are said in one line.
import { useContext } from 'react';
import { useLanguage } from '../i18n';
import { AudioDeviceStatusContext } from '../audio/audio-device-status';
import type { AudioRole } from '../audio/audio-devices';
import type { DeviceNotice } from '../audio/device-fallback';

const ROLE_KEY = {
  microphone: 'workstation.settings.audio.microphone',
  speaker: 'workstation.settings.audio.speaker',
  ringer: 'workstation.settings.audio.ringer',
} as const satisfies Record<AudioRole, string>;

interface NoticeGroup {
  readonly roles: AudioRole[];
  readonly notice: DeviceNotice;
}

function grouped(notices: readonly DeviceNotice[]): NoticeGroup[] {
  const groups: NoticeGroup[] = [];
  for (const notice of notices) {
    const same = groups.find((g) => g.notice.change === notice.change && g.notice.chosen === notice.chosen && g.notice.inUse === notice.inUse);
    if (same) same.roles.push(notice.role);
    else groups.push({ roles: [notice.role], notice });
  }
  return groups;
}

export function DeviceChangeNotices() {
  const { t } = useLanguage();
  const { notices, switchBack } = useContext(AudioDeviceStatusContext);
  if (notices.length === 0) return null;
  const roleNames = (roles: readonly AudioRole[]): string => {
    const names = roles.map((role, i) => (i === 0 ? t(ROLE_KEY[role]) : t(ROLE_KEY[role]).toLocaleLowerCase()));
    const last = names.pop() ?? '';
    return names.length === 0 ? last : `${names.join(', ')} ${t('calls.devices.and')} ${last}`;
  };
  return (
    <ul className="call-device-notices" data-testid="device-notices" aria-live="polite">
      {grouped(notices).map(({ roles, notice }) => {
        const inUse = notice.inUse ? t('calls.devices.inUse', { label: notice.inUse }) : t('calls.devices.systemDefault');
        const words = { role: roleNames(roles), chosen: notice.chosen, inUse };
        return (
          <li key={roles.join()} className={`call-device-notice call-device-${notice.change}`} data-testid={`device-notice-${roles.join('-')}`} data-change={notice.change}>
            <span>{t(notice.change === 'lost' ? 'calls.devices.lost' : 'calls.devices.back', words)}</span>
            {notice.change === 'back' && (
              <button type="button" className="button button-secondary" onClick={() => switchBack(roles)} data-testid={`switch-back-${roles.join('-')}`}>
                {t('calls.devices.switchBack', { chosen: notice.chosen })}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
