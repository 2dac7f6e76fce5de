// A small bar showing the level of the audio received, refreshed 4 times a
// second; `data-level` carries the RMS (0…1) for tests and diagnostics.
import { useEffect, useState } from 'react';

export function LevelMeter({ read, label, testId = 'remote-level' }: { read: () => number; label: string; testId?: string }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setLevel(read()), 250);
    return () => clearInterval(timer);
  }, [read]);
  // RMS of speech sits near 0.05–0.3: scale so that a normal voice fills most of the bar.
  const percent = Math.min(100, Math.round(Math.sqrt(level) * 180));
  return (
    <span className="level-meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid={testId} data-level={level.toFixed(4)}>
      <span className="level-meter-fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
