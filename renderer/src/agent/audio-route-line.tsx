// Which microphone the call is using, under the call's quality: an agent with
// a headset and a laptop sees at once whether the right one is live. Read once
// a second (a change in the settings switches it mid-call); `data-speaker-id`
// carries the output device for tests and diagnostics.
import { useEffect, useState } from 'react';
import type { AudioRoute } from '../phone';
import { useLanguage } from '../i18n';

export function AudioRouteLine({ read }: { read: () => AudioRoute | null }) {
  const { t } = useLanguage();
  const [route, setRoute] = useState<AudioRoute | null>(null);
  useEffect(() => {
    const refresh = (): void => setRoute((before) => {
      const now = read();
      return before?.microphone === now?.microphone && before?.speakerId === now?.speakerId ? before : now;
    });
    refresh();
    const timer = setInterval(refresh, 1_000);
    return () => clearInterval(timer);
  }, [read]);
  if (!route) return null;
  return (
    <p className="call-devices hint" data-testid="call-devices" data-microphone={route.microphone} data-speaker-id={route.speakerId}>
      {t('calls.devices.microphone', { label: route.microphone || t('workstation.settings.audio.default') })}
    </p>
  );
}
