// Keeps the phone on the agent's chosen audio devices: when it starts, when the
// choice changes (a live call switches at once) and when a device is plugged
// in or out (an unplugged headset falls back to the default; plugged back in,
// it is used again).
import { useEffect } from 'react';
import type { AudioDevices } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { hasChoice, listAudioDevices, resolveAudioDevices } from './audio-devices';

const SYSTEM_DEFAULT = { microphone: null, speaker: null, ringer: null };

export function useChosenAudioDevices(api: SoftphoneApi, phone: Phone | null, saved: AudioDevices): void {
  const key = JSON.stringify(saved);
  useEffect(() => {
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!phone || !media) return;
    const choice = JSON.parse(key) as AudioDevices;
    let current = true;
    const apply = (): void => {
      const resolved = hasChoice(choice) ? listAudioDevices(media).then((lists) => resolveAudioDevices(choice, lists)) : Promise.resolve(SYSTEM_DEFAULT);
      resolved
        .then((devices) => (current ? phone.setDevices(devices) : undefined))
        .catch((error: unknown) => {
          const cause = error instanceof Error ? error.message : String(error);
          void api.request('workstation.log', { level: 'warn', message: `The chosen audio devices could not be applied: ${cause}` });
        });
    };
    apply();
    media.addEventListener('devicechange', apply);
    return () => {
      current = false;
      media.removeEventListener('devicechange', apply);
    };
  }, [api, phone, key]);
}
