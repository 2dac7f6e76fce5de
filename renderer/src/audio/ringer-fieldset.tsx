// The ringer in the settings: which ringtone, how loud, a button to hear it on
// the ringer output, and the microphone's level ("is my headset working?").
import { useEffect, useId, useRef } from 'react';
import type { SettingsPatch, WorkstationSettings } from '../../../common/ipc-contract';
import { useLanguage } from '../i18n';
import { RINGTONES, setRingerPreferences, startGeneratedRingtone } from '../phone/media/ringtone';
import type { Ringtone } from '../phone/media/media-port';
import { MicTest } from './mic-test';

interface Props {
  settings: WorkstationSettings;
  onSave: (patch: SettingsPatch) => Promise<void>;
}

export function RingerFieldset({ settings, onSave }: Props) {
  const { t } = useLanguage();
  const id = useId();
  const preview = useRef<Ringtone | null>(null);
  useEffect(() => () => preview.current?.stop(), []);
  const play = () => {
    preview.current?.stop();
    setRingerPreferences({ tone: settings.ringtone, volume: settings.ringerVolume });
    preview.current = startGeneratedRingtone(settings.audioDevices.ringer?.id ?? null, 'ring', 2_500);
  };
  return (
    <fieldset className="settings-group ringer">
      <legend>{t('shift.ringer.legend')}</legend>
      <div className="ringer-row">
        <label htmlFor={`${id}-tone`}>{t('shift.ringer.tone')}</label>
        <select id={`${id}-tone`} name="ringtone" value={settings.ringtone} onChange={(e) => void onSave({ ringtone: e.target.value as WorkstationSettings['ringtone'] })}>
          {RINGTONES.map((tone) => <option key={tone} value={tone}>{t(`shift.ringer.tone.${tone}`)}</option>)}
        </select>
        <button type="button" className="button button-secondary" onClick={play} data-testid="ringer-play">{t('shift.ringer.play')}</button>
      </div>
      <div className="ringer-row">
        <label htmlFor={`${id}-volume`}>{t('shift.ringer.volume')}</label>
        <input
          id={`${id}-volume`} name="ringerVolume" type="range" min={0} max={100} step={5} value={settings.ringerVolume}
          aria-valuetext={`${settings.ringerVolume} %`} onChange={(e) => void onSave({ ringerVolume: Number(e.target.value) })}
        />
        <span>{settings.ringerVolume} %</span>
      </div>
      <MicTest deviceId={settings.audioDevices.microphone?.id ?? null} />
    </fieldset>
  );
}
