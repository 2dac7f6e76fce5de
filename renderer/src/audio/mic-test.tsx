// "Test microphone" in the settings: the chosen input's live level, from a
// track opened while the dialog is open and stopped (the microphone released)
// when it closes or the choice changes.
import { useEffect, useState } from 'react';
import { useLanguage } from '../i18n';
import { LevelMeter } from '../agent/level-meter';
import { trackLevel, type TrackLevel } from './track-level';

export function MicTest({ deviceId }: { deviceId: string | null }) {
  const { t } = useLanguage();
  const [meter, setMeter] = useState<TrackLevel | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let level: TrackLevel | null = null;
    let live = true;
    void navigator.mediaDevices
      .getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true })
      .then((s) => {
        stream = s;
        const track = s.getAudioTracks()[0];
        if (!live || !track) return s.getTracks().forEach((x) => x.stop());
        level = trackLevel(track);
        setMeter(level);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      level?.close();
      stream?.getTracks().forEach((track) => track.stop());
      setMeter(null);
    };
  }, [deviceId]);
  if (failed) return <p className="hint">{t('shift.mic.unavailable')}</p>;
  return (
    <p className="mic-test">
      <span>{t('shift.mic.test')}</span>
      {meter && <LevelMeter read={meter.read} label={t('shift.mic.test')} testId="mic-test-level" />}
    </p>
  );
}
