// The call bar: fixed at the bottom of the window, so a ringing or live call
// is in view at every scroll position and window size (down to 800×600), and
// a new call never pushes the form the agent is typing in. It never takes
// the focus. A ring is announced to screen readers and in the window title;
// answering is a click or Ctrl+Alt+Enter (no text on any keyboard layout,
// nothing Chromium or Electron uses; key repeat ignored).
import { useEffect, useRef, type RefObject } from 'react';
import { useLanguage } from '../i18n';
import { ringingTitle, type CallView } from './call-view';
import { CallTimer } from './call-timer';
import type { CallsActions } from './use-calls';

/** The in-page answer shortcut (aria-keyshortcuts syntax). */
export const ANSWER_SHORTCUT = 'Control+Alt+Enter';

export function isAnswerShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey' | 'repeat'>): boolean {
  return event.key === 'Enter' && event.ctrlKey && event.altKey && !event.shiftKey && !event.metaKey && !event.repeat;
}

interface Props {
  call: CallView | null;
  waiting: CallView | null;
  actions: CallsActions;
}

export function CallBar({ call, waiting, actions }: Props) {
  const { t } = useLanguage();
  const ringing = waiting ?? (call?.state.kind === 'ringing' && !call.autoAnswered ? call : null);
  const answer = waiting ? () => actions.takeWaiting('hold-current') : actions.answer;
  const reject = waiting ? actions.rejectWaiting : actions.reject;
  useAnswerShortcut(ringing ? answer : null);
  useRingTitle(ringing);
  const bar = useRef<HTMLElement>(null);
  useRoomForBar(bar, ringing !== null || call !== null);
  if (!ringing && !call) return null;
  const shown = ringing ?? call;
  if (!shown) return null;
  const kind = shown.state.kind;
  const who = shown.caller || t('calls.panel.unknownCaller');
  const live = kind === 'active' || kind === 'held';
  return (
    <section ref={bar} className={`call-bar${ringing ? ' call-bar-ringing' : ''}`} aria-label={t('shift.bar.label')} data-testid="call-bar" data-state={ringing ? 'ringing' : kind}>
      {/* Announced without moving the focus: the agent may be typing a comment. */}
      <p className="visually-hidden" aria-live="assertive" data-testid="ring-announcement">
        {ringing ? t('shift.announce.ringing', { caller: who, campaign: ringing.campaign ? t('shift.announce.campaign', { campaign: ringing.campaign }) : '' }) : ''}
      </p>
      <div className="call-bar-who">
        <span className="call-bar-state">{ringing ? t(waiting ? 'shift.bar.waiting' : 'shift.bar.ringing') : t(kind === 'held' ? 'shift.bar.held' : 'shift.bar.inCall')}</span>
        <strong data-testid="call-bar-caller">{who}</strong>
        {shown.campaign && <span className="call-bar-campaign">{shown.campaign}</span>}
        {!ringing && live && <CallTimer since={shown.activeSince} label={t('calls.panel.timer')} />}
        {/* The first pairs of the record's data, so the agent knows who it is before answering. */}
        {shown.data.length > 0 && (
          <span className="call-bar-data" data-testid="call-bar-data">
            {shown.data.slice(0, 3).map((pair) => `${pair.name}: ${pair.value}`).join(' · ')}
          </span>
        )}
      </div>
      <div className="call-bar-actions">
        {ringing ? (
          <>
            {/* Keys: the Answer button must never become the Hang up button under a focused keyboard. */}
            <button key="answer" type="button" className="button button-ok" onClick={answer} aria-keyshortcuts={ANSWER_SHORTCUT} data-testid="bar-answer">
              {waiting ? t('shift.bar.answerWaiting') : t('calls.answer')}
              <span className="call-bar-keys">{t('shift.shortcut.hint', { keys: t('shift.shortcut.answer') })}</span>
            </button>
            <button key="reject" type="button" className="button button-danger" onClick={reject} data-testid="bar-reject">{t('calls.reject')}</button>
          </>
        ) : (
          (live || kind === 'answering') && (
            <button key="hang-up" type="button" className="button button-danger" onClick={actions.hangUp} data-testid="bar-hang-up">{t('calls.hangUp')}</button>
          )
        )}
      </div>
    </section>
  );
}

/**
 * The page keeps the bar's own height free under its content and above a
 * focused field (`--call-bar-height`, agent.css): a fixed guess let a bar that
 * wraps (a long name, the record's data, a narrow window) cover the wrap-up's
 * Save button, and Tab onto it left it under the bar.
 */
function useRoomForBar(bar: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--call-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--call-bar-height');
    };
  }, [bar, shown]);
}

/** Ctrl+Alt+Enter answers the ringing call, wherever the focus is (it types nothing). */
function useAnswerShortcut(answer: (() => void) | null): void {
  useEffect(() => {
    if (!answer) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isAnswerShortcut(event)) return;
      event.preventDefault();
      answer();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [answer]);
}

/** The window title says who is calling while a call rings (taskbar, Alt+Tab), and comes back after. */
function useRingTitle(ringing: CallView | null): void {
  const { t } = useLanguage();
  const title = ringing ? ringingTitle(t, ringing) : null;
  useEffect(() => {
    if (title === null) return;
    document.title = title;
    return () => {
      document.title = t('app.title');
    };
  }, [title, t]);
}
