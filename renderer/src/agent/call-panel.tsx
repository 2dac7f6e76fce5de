// The current call: who, which campaign, state and timer, the controls that
// fit the state (answer/reject while ringing; mute, hold/resume, keypad and
// hang up once answered) and the live quality, shown unobtrusively. The
// quality line tells the truth: a MOS only from packets that arrived, "no
// audio" (and from where) when none arrive, and an offer to end a call that
// has had neither audio nor signalling for a while. Under it, what the audio
// devices do: a chosen one gone or back (with the switch back), and a
// microphone that sends no sound.
import { useId, useRef, useState } from 'react';
import { useLanguage } from '../i18n';
import type { CallView } from './call-view';
import { CallQuality } from './call-quality';
import { CallTimer } from './call-timer';
import { Keypad } from './keypad';
import { AudioRouteLine } from './audio-route-line';
import { DeviceChangeNotices } from './device-change-notices';
import { SilentMicrophoneWarning } from './silent-microphone-warning';
import { CallNotes } from './call-notes';
import { CallDetails } from './call-details';
import { StableLabel } from './stable-label';
import { LevelMeter } from './level-meter';
import { useFocusRescue } from './use-focus-rescue';
import type { SoftphoneApi } from '../bridge';
import type { CallsActions } from './use-calls';

interface Props {
  call: CallView;
  actions: CallsActions;
  api: SoftphoneApi;
  notes?: string;
  /** Opens the transfer dialog (issue 22); absent when a transfer cannot start now (a consultation under way). */
  onTransfer?: () => void;
}

export function CallPanel({ call, actions, api, notes = '', onTransfer }: Props) {
  const { t } = useLanguage();
  const id = useId();
  const [keypad, setKeypad] = useState(false);
  const kind = call.state.kind;
  const connected = kind === 'active' || kind === 'held';
  const panel = useRef<HTMLElement>(null);
  useFocusRescue(panel, connected);
  return (
    <section ref={panel} tabIndex={-1} className={`card call-panel call-${kind}`} aria-labelledby={`${id}-who`} data-testid="call-panel" data-state={kind}>
      <p className="call-state" role="status">{t(`calls.state.${kind}`)}</p>
      <h2 id={`${id}-who`} className="call-who" data-testid="call-who">
        {call.caller || t('calls.panel.unknownCaller')}
        {call.callerName && <span className="call-name"> · {call.callerName}</span>}
      </h2>
      <p className="call-meta">
        {call.campaign && <span data-testid="call-campaign">{t('calls.panel.campaign', { campaign: call.campaign })}</span>}
        {kind === 'ringing' && <span className="call-timer-labelled">{t('shift.timer.ring')} <CallTimer since={call.offeredAt} label={t('shift.timer.ring')} /></span>}
        {connected && <CallTimer since={call.activeSince} label={t('calls.panel.timer')} />}
        {kind === 'held' && <span className="call-timer-labelled">{t('shift.timer.hold')} <CallTimer since={call.heldSince} label={t('shift.timer.hold')} /></span>}
        {call.autoAnswered && kind !== 'ringing' && <span className="call-badge">{t('calls.panel.autoAnswered')}</span>}
      </p>
      {call.referredBy && <p className="call-referred" data-testid="call-referred-by">{t('transfer.referredBy', { who: call.referredBy })}</p>}
      {call.ctiError && <p className="hint">{t('calls.panel.ctiError', { error: call.ctiError })}</p>}
      <CallDetails call={call} api={api} />

      <div className="call-controls">
        {kind === 'ringing' && (
          <>
            <button type="button" className="button button-ok" onClick={actions.answer} data-testid="answer">{t('calls.answer')}</button>
            <button type="button" className="button button-danger" onClick={actions.reject} data-testid="reject">{t('calls.reject')}</button>
          </>
        )}
        {connected && (
          <>
            <button type="button" className="button button-secondary" aria-pressed={call.muted} onClick={() => actions.setMuted(!call.muted)} data-testid="mute">
              <StableLabel on={call.muted} whenOn={t('calls.unmute')} whenOff={t('calls.mute')} />
            </button>
            <button type="button" className="button button-secondary" aria-pressed={kind === 'held'} onClick={kind === 'held' ? actions.resume : actions.hold} data-testid="hold">
              <StableLabel on={kind === 'held'} whenOn={t('calls.resume')} whenOff={t('calls.hold')} />
            </button>
            <button type="button" className="button button-secondary" aria-expanded={keypad} aria-controls={`${id}-keypad`} onClick={() => setKeypad((k) => !k)} data-testid="keypad-toggle">
              {t('calls.keypad.show')}
            </button>
            {onTransfer && call.role === 'customer' && kind === 'active' && (
              <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={onTransfer} data-testid="transfer-open">{t('transfer.open')}</button>
            )}
          </>
        )}
        {(connected || kind === 'answering') && (
          <button type="button" className="button button-danger" onClick={actions.hangUp} data-testid="hang-up">{t('calls.hangUp')}</button>
        )}
      </div>
      {connected && keypad && (
        <div id={`${id}-keypad`}>
          <Keypad label={t('calls.keypad.label')} onKey={actions.sendDtmf} disabled={kind !== 'active'} testId="dtmf-keypad" />
        </div>
      )}
      {connected && call.role === 'customer' && <CallNotes value={notes} onChange={(text) => actions.setNotes(call.id, text)} />}
      {connected && <CallQuality call={call} read={actions.remoteLevel} onEnd={actions.hangUp} />}
      {connected && (
        <p className="call-quality mic-level">
          <span>{t('shift.mic.inCall')}</span>
          <LevelMeter read={actions.localLevel} label={t('shift.mic.inCall')} testId="local-level" />
        </p>
      )}
      {connected && <SilentMicrophoneWarning read={actions.localLevel} sending={kind === 'active' && !call.muted} />}
      {connected && <AudioRouteLine read={actions.audioRoute} />}
      {(connected || kind === 'ringing') && <DeviceChangeNotices />}
    </section>
  );
}
