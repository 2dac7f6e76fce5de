// The play/pause key answers and hangs up while the setting is on (media-keys.ts).
import { useEffect } from 'react';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { installMediaKeys } from './media-keys';

export function useMediaKeys(api: SoftphoneApi, phone: Phone | null, enabled: boolean): void {
  useEffect(() => {
    const session = (navigator as Navigator & { mediaSession?: MediaSession }).mediaSession;
    if (!enabled || !phone || !session) return;
    return installMediaKeys(session, phone, {
      now: () => performance.now(),
      log: (message) => void api.request('workstation.log', { level: 'info', message }),
    });
  }, [api, phone, enabled]);
}
