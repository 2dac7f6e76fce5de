// mm:ss (h:mm:ss past an hour) since the call became active, ticking each second.
import { useEffect, useState } from 'react';

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

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
