// Says "your microphone sends no sound" in the call panel (silent-microphone.ts
// decides when), so the agent learns it before the customer has to say so.
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../i18n';
import { SilentMicrophoneWatch } from '../audio/silent-microphone';

const READ_EVERY_MS = 1_000;

export function SilentMicrophoneWarning({ read, sending }: { read: () => number; sending: boolean }) {
  const { t } = useLanguage();
  const [warn, setWarn] = useState(false);
  const watch = useRef(new SilentMicrophoneWatch());
  useEffect(() => {
    const look = (): void => setWarn(watch.current.sample(read(), sending, performance.now()));
    look();
    const timer = setInterval(look, READ_EVERY_MS);
    return () => clearInterval(timer);
  }, [read, sending]);
  if (!warn) return null;
  return <p role="alert" className="banner banner-warning call-mic-silent" data-testid="mic-silent">{t('calls.mic.silent')}</p>;
}
