// The call's quality line, from the call itself: MOS, loss, jitter and RTT
// only for an interval in which audio packets arrived; "no audio" with the
// side it comes from when none arrive for 3 s; and, when neither audio nor
// signalling has come back for a while, an offer to end the call.
import type { MessageKey } from '../../../common/i18n';
import type { MediaSide } from '../phone';
import { useLanguage } from '../i18n';
import type { CallView } from './call-view';
import { LevelMeter } from './level-meter';

const SILENT_MESSAGE: Record<MediaSide, MessageKey> = {
  'no-path': 'calls.media.silent.noPath',
  network: 'calls.media.silent.network',
  platform: 'calls.media.silent.platform',
};

export function CallQuality({ call, read, onEnd }: { call: CallView; read: () => number; onEnd: () => void }) {
  const { t } = useLanguage();
  const q = call.quality;
  const media = call.media;
  const held = call.state.kind === 'held';
  const summary =
    media.kind === 'silent'
      ? null
      : q && q.mos !== null && q.lossPercent !== null && q.jitterMs !== null
        ? t('calls.quality.summary', { mos: q.mos.toFixed(1), loss: q.lossPercent.toFixed(1), jitter: q.jitterMs.toFixed(0), rtt: q.rttMs === null ? '—' : q.rttMs.toFixed(0) })
        : t('calls.quality.none');
  return (
    <>
      <p
        className="call-quality"
        data-testid="call-quality"
        data-media={media.kind}
        data-side={media.kind === 'silent' ? media.side : undefined}
        // The figures as numbers, for tests and support tools reading the page.
        data-mos={q?.mos ?? undefined}
        data-loss={q?.lossPercent ?? undefined}
        data-jitter={q?.jitterMs ?? undefined}
        data-rtt={q?.rttMs ?? undefined}
      >
        <span>{t('calls.quality')}: </span>
        {summary ?? <span className="call-no-audio" role="status">{t(media.kind === 'silent' ? SILENT_MESSAGE[media.side] : 'calls.media.silent.platform')}</span>}
        {!held && <LevelMeter read={read} label={t('calls.level')} />}
      </p>
      {media.kind === 'silent' && media.offerEnd && (
        <div className="banner banner-warning call-offer-end" role="alert" data-testid="offer-end">
          <p>{t('calls.media.offerEnd', { seconds: String(Math.round((Date.now() - media.since) / 1000)) })}</p>
          <button type="button" className="button button-danger" onClick={onEnd} data-testid="offer-end-button">{t('calls.media.offerEnd.action')}</button>
        </div>
      )}
    </>
  );
}
