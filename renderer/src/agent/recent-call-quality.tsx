// One recent call's quality, opened from its row: the chart of its timeline
// (read from main when opened) and the same in words. A disclosure, so the
// keyboard reaches it (Tab, then Enter or Space) and a screen reader says
// whether it is open.
import { useState } from 'react';
import type { CallQualityTimeline } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useErrorText } from '../error-text';
import { useLanguage } from '../i18n';
import { QualityChart } from './quality-chart';
import { qualityWords } from './quality-summary';

type Loaded = { kind: 'idle' } | { kind: 'loading' } | { kind: 'none' } | { kind: 'failed'; cause: string } | { kind: 'ok'; timeline: CallQualityTimeline };

export function RecentCallQuality({ api, callId, label }: { api: SoftphoneApi; callId: string; label: string }) {
  const { t } = useLanguage();
  const errorText = useErrorText();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'idle' });
  const load = () => {
    setLoaded({ kind: 'loading' });
    void api.request('calls.qualityTimeline', { id: callId }).then((reply) => {
      if (!reply.ok) setLoaded({ kind: 'failed', cause: errorText(reply.error) });
      else setLoaded(reply.value ? { kind: 'ok', timeline: reply.value } : { kind: 'none' });
    });
  };
  return (
    <details className="recent-quality" data-testid="recent-quality" onToggle={(e) => (e.currentTarget.open ? load() : undefined)}>
      <summary aria-label={label}>{t('quality.show')}</summary>
      {loaded.kind === 'loading' && <p className="hint">{t('quality.loading')}</p>}
      {loaded.kind === 'none' && <p className="hint" data-testid="quality-none">{t('quality.none')}</p>}
      {loaded.kind === 'failed' && <p className="field-error" role="alert">{t('quality.unavailable', { cause: loaded.cause })}</p>}
      {loaded.kind === 'ok' && (
        <div className="recent-quality-body">
          <QualityChart timeline={loaded.timeline} />
          <p className="recent-quality-words" data-testid="quality-words">{qualityWords(t, loaded.timeline).join(' ')}</p>
          <p className="hint">{t('quality.legend')}</p>
        </div>
      )}
    </details>
  );
}
