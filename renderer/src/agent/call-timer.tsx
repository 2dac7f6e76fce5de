// mm:ss (h:mm:ss past an hour) since the call became active, ticking each second.
import { useEffect, useState } from 'react';
import { formatDuration } from './duration';

export function CallTimer({ since, label }: { since: number | null; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return (
    <span className="call-timer" aria-label={label} data-testid="call-timer">
      {since === null ? '00:00' : formatDuration(now - since)}
    </span>
  );
}
