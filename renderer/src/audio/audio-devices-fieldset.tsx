// Microphone, call audio and ringer, chosen in the workstation settings. Each
// change is saved at once (main's settings) and the phone follows it, also in
// a call (use-chosen-audio-devices.ts). A saved device that is unplugged shows
// as such; the system default plays until it is back.
import { useEffect, useId, useState } from 'react';
import type { AudioDevices, ChosenAudioDevice } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import { useLanguage } from '../i18n';
import { startGeneratedRingtone } from '../phone/media/ringtone';
import { AUDIO_ROLES, devicesFor, findAudioDevice, listAudioDevices, type AudioDeviceLists, type AudioRole } from './audio-devices';

const LABELS: Record<AudioRole, MessageKey> = {
  microphone: 'workstation.settings.audio.microphone',
  speaker: 'workstation.settings.audio.speaker',
  ringer: 'workstation.settings.audio.ringer',
};
const TEST_SOUND_MS = 2_000;

type Listing = { kind: 'loading' } | { kind: 'listed'; lists: AudioDeviceLists } | { kind: 'failed'; detail: string };

export function AudioDevicesFieldset({ saved, onSave }: { saved: AudioDevices; onSave: (devices: AudioDevices) => void }) {
  const { t } = useLanguage();
  const id = useId();
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });

  useEffect(() => {
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!media) return setListing({ kind: 'failed', detail: 'no media devices in this window' });
    let open = true;
    const list = (): void => {
      listAudioDevices(media).then(
        (lists) => open && setListing({ kind: 'listed', lists }),
        (error: unknown) => open && setListing({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) }),
      );
    };
    list();
    media.addEventListener('devicechange', list);
    return () => {
      open = false;
      media.removeEventListener('devicechange', list);
    };
  }, []);

  const choose = (role: AudioRole, lists: AudioDeviceLists, deviceId: string): void => {
    const device = devicesFor(role, lists).find((d) => d.id === deviceId);
    const chosen: ChosenAudioDevice = device ? { id: device.id, label: device.label } : null;
    onSave({ ...saved, [role]: chosen });
  };

  return (
    <fieldset className="settings-group audio-devices" data-testid="audio-devices">
      <legend>{t('workstation.settings.audio')}</legend>
      {listing.kind === 'loading' && <p className="hint">{t('workstation.settings.audio.loading')}</p>}
      {listing.kind === 'failed' && <p className="field-error" role="alert">{t('workstation.settings.audio.unavailable', { detail: listing.detail })}</p>}
      {listing.kind === 'listed' &&
        AUDIO_ROLES.map((role) => {
          const available = devicesFor(role, listing.lists);
          const current = findAudioDevice(saved[role], available);
          const missing = saved[role] !== null && current === undefined ? saved[role] : null;
          return (
            <div className="audio-device-row" key={role}>
              <label htmlFor={`${id}-${role}`}>{t(LABELS[role])}</label>
              <div className="audio-device-control">
                <select
                  id={`${id}-${role}`} name={role} value={current?.id ?? ''} onChange={(e) => choose(role, listing.lists, e.target.value)}
                  aria-describedby={missing ? `${id}-${role}-missing` : undefined}
                >
                  <option value="">{t('workstation.settings.audio.default')}</option>
                  {available.map((device, index) => (
                    <option key={device.id} value={device.id}>{device.label || t('workstation.settings.audio.unnamed', { number: String(index + 1) })}</option>
                  ))}
                </select>
                {role !== 'microphone' && (
                  <button
                    type="button" className="button button-secondary" data-testid={`test-${role}`} aria-label={t('workstation.settings.audio.testOf', { device: t(LABELS[role]) })}
                    onClick={() => startGeneratedRingtone(current?.id ?? null, 'ring', TEST_SOUND_MS)}
                  >
                    {t('workstation.settings.audio.test')}
                  </button>
                )}
              </div>
              {missing && <p className="hint" id={`${id}-${role}-missing`}>{t('workstation.settings.audio.missing', { label: missing.label })}</p>}
            </div>
          );
        })}
      <p className="hint">{t('workstation.settings.audio.hint')}</p>
    </fieldset>
  );
}
