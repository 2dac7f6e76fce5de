// How long the agent has been on this wrap-up since the call ended, beside the
// after-call time the campaign's queue gives (`wrapuptime`); marked once past it.
import { useEffect, useState } from 'react';
import { useLanguage } from '../i18n';
import { formatDuration } from './duration';

export function AfterCallTimer({ endedAt, expectedSeconds }: { endedAt: string | undefined; expectedSeconds: number | undefined }) {
  const { t } = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const since = endedAt ? Date.parse(endedAt) : Number.NaN;
  if (Number.isNaN(since)) return null;
  const elapsed = Math.max(0, now - since);
  const over = expectedSeconds !== undefined && elapsed > expectedSeconds * 1000;
  return (
    <p className={`after-call${over ? ' after-call-over' : ''}`} data-testid="after-call" data-over={over}>
      <span>{t('shift.timer.afterCall')}</span>
      <span className="call-timer">{formatDuration(elapsed)}</span>
      {expectedSeconds !== undefined && <span data-testid="after-call-expected">({t('shift.timer.expected', { seconds: String(expectedSeconds) })})</span>}
    </p>
  );
}
