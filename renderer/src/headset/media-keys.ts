// The play/pause media key (a Bluetooth headset's one button) as answer and
// hang-up, when the agent turned it on (setting `mediaKeys`, off by default;
// IT's policy wins). Through the page's Media Session: Chromium and Electron
// both route the hardware key to the page that plays audio, which the app is
// exactly while a call rings (the ringtone) or is live (the far end), so the
// key is ours only then and other apps keep it otherwise. Electron's
// globalShortcut for MediaPlayPause was not taken: it would grab the key from
// every other app for as long as the app runs, and is not offered on Wayland,
// and the browser host could not use it at all.
//
// A press answers a ringing call (a waiting one by the call-waiting rule:
// the live call is held) and hangs up a live or held one. Presses within
// SETTLE_MS of the last acted one are ignored: a double press, or the play
// and pause a headset may send for one press, must not answer and hang up.
import type { Phone } from '../phone';

export const SETTLE_MS = 1_500;
const KEYS: readonly MediaSessionAction[] = ['play', 'pause', 'stop'];

export type MediaKeyPhone = Pick<Phone, 'call' | 'waitingCall' | 'answer' | 'hangUp' | 'takeWaiting'>;
export type MediaKeyAction = 'answer' | 'take-waiting' | 'hang-up';

/** What one press does now, or null (nothing to answer or end). */
export function mediaKeyAction(phone: MediaKeyPhone): MediaKeyAction | null {
  if (phone.waitingCall?.state.kind === 'ringing') return 'take-waiting';
  const kind = phone.call?.state.kind;
  if (kind === 'ringing') return 'answer';
  if (kind === 'active' || kind === 'held') return 'hang-up';
  return null;
}

export interface MediaKeyOptions {
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** Takes the play/pause key for the phone; the returned function gives it back. */
export function installMediaKeys(session: Pick<MediaSession, 'setActionHandler'>, phone: MediaKeyPhone, { now, log }: MediaKeyOptions): () => void {
  let lastActed = -Infinity;
  const press = (): void => {
    if (now() - lastActed < SETTLE_MS) return log('media key: pressed again too soon; ignored');
    const action = mediaKeyAction(phone);
    if (!action) return log('media key: no call to answer or end; ignored');
    lastActed = now();
    log(`media key → ${action}`);
    const done = action === 'answer' ? phone.answer() : action === 'take-waiting' ? phone.takeWaiting('hold-current') : phone.hangUp();
    done.catch((error: unknown) => log(`media key: ${action} failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  const installed = KEYS.filter((key) => {
    try {
      session.setActionHandler(key, press);
      return true;
    } catch {
      return false; // an action this browser does not know
    }
  });
  return () => {
    for (const key of installed) session.setActionHandler(key, null);
  };
}
