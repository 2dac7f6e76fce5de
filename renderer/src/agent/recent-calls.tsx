// Recent calls (last 30 days, newest first): answered, missed (with why),
// cut off (with what cut it, when the phone knows); time, duration, campaign; one click calls the
// customer back through a campaign the agent can call through (the call's own
// when it is one of them, else the one chosen last).
import { targetText } from '../../../common/domain/transfer-target';
import type { CallsSetup, RecentCall } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { useLanguage } from '../i18n';
import { formatDuration } from './duration';
import { RecentCallQuality } from './recent-call-quality';
import type { RecentCalls } from './use-recent-calls';

const SHOWN = 50;

/** The campaign a call back goes through, or null when the agent has none to call through. */
export function callBackCampaign(call: Pick<RecentCall, 'campaign'>, setup: CallsSetup | null): string | null {
  const manual = setup?.manualCampaigns.map((c) => c.name) ?? [];
  if (call.campaign && manual.includes(call.campaign)) return call.campaign;
  return setup?.lastCampaign ?? manual[0] ?? null;
}

interface Props {
  api: SoftphoneApi;
  state: RecentCalls;
  setup: CallsSetup | null;
  busy: boolean;
  onCallBack: (campaign: string, number: string) => void;
}

export function RecentCallsCard({ api, state, setup, busy, onCallBack }: Props) {
  const { t, language } = useLanguage();
  if (state.calls.length === 0) return null;
  const time = (iso: string) => new Date(iso).toLocaleString(language, { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit' });
  const outcome = (c: RecentCall) => {
    if (c.outcome === 'missed' && c.reason) return `${t('recent.outcome.missed')} (${t(`calls.missed.reason.${c.reason}`)})`;
    if (c.outcome === 'dropped' && c.cut) return `${t('recent.outcome.dropped')} (${t(`recent.cut.${c.cut}`)})`;
    if (c.outcome === 'transferred' && c.transfer) return t('recent.transferredTo', { target: c.transfer.name || targetText(c.transfer.target) });
    return t(`recent.outcome.${c.outcome}`);
  };
  return (
    <details className="card recent-calls" data-testid="recent-calls" onToggle={(e) => (e.currentTarget.open ? state.reload() : undefined)}>
      <summary><h2>{t('recent.title')} ({state.calls.length})</h2></summary>
      {/* Scrollable, and its buttons are off during a call: focusable itself, so the keyboard can scroll it. */}
      <ul tabIndex={0} aria-label={t('recent.title')}>
        {state.calls.slice(0, SHOWN).map((c) => {
          const campaign = callBackCampaign(c, setup);
          const who = c.caller || t('calls.panel.unknownCaller');
          return (
            <li key={c.id} data-testid="recent-call" data-outcome={c.outcome} data-call-id={c.id}>
              <span className="recent-when">{time(c.offeredAt)}</span>
              <span className={`recent-outcome recent-${c.outcome}`}>{outcome(c)}</span>
              <span className="recent-who">{who}</span>
              <span className="recent-campaign">{c.campaign ?? t('calls.missed.noCampaign')}</span>
              <span className="recent-duration">{c.talkSeconds > 0 ? formatDuration(c.talkSeconds * 1000) : ''}</span>
              {c.caller && campaign && (
                <button type="button" className="button-link" disabled={busy} onClick={() => onCallBack(campaign, c.caller)} aria-label={t('recent.callBackWho', { caller: who, campaign })} data-testid="recent-call-back">
                  {t('recent.callBack')}
                </button>
              )}
              {/* Only an answered call had media: its quality over time, when one of the last calls. */}
              {c.outcome !== 'missed' && <RecentCallQuality api={api} callId={c.id} label={t('quality.showWho', { caller: who, time: time(c.offeredAt) })} />}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
