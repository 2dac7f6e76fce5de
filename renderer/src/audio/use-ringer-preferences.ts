// The ringtone and its volume from the settings, applied from the next ring on.
import { useEffect } from 'react';
import type { WorkstationSettings } from '../../../common/ipc-contract';
import { setRingerPreferences } from '../phone/media/ringtone';

export function useRingerPreferences(settings: Pick<WorkstationSettings, 'ringtone' | 'ringerVolume'>): void {
  const { ringtone, ringerVolume } = settings;
  useEffect(() => setRingerPreferences({ tone: ringtone, volume: ringerVolume }), [ringtone, ringerVolume]);
}
