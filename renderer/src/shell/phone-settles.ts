// The UI's chunk (React and the screens, ~350 KiB) is fetched and run only
// once the phone has the registrar's answer (issue 23). Run while the phone
// registered, its parse and run held the page's one thread between the
// registrar's challenge and the phone's answer to it: in a new window with
// nothing cached the phone registered at ~1.9× the bare sip.js page, and at
// 1.0–1.35× without it. The agent sees the screen no later than before (the
// header was drawn after the same work either way).
import type { AppStateStore } from '../app-state-store';
import type { PhoneRunner } from './phone-runner';

/** The longest the page stays empty for the registrar: past it the UI shows the phone still connecting. */
export const UI_WAITS_FOR_PHONE_MS = 1_000;

/**
 * Resolves when the phone has nothing more to wait for: registered, refused or failed (its problem
 * is set), its server out of reach (offline after connecting: the screen should say so), or no phone
 * to start (signed out, a supervisor, the state failed), or after `capMs`.
 */
export function whenPhoneSettles(store: AppStateStore, runner: PhoneRunner, capMs = UI_WAITS_FOR_PHONE_MS): Promise<void> {
  // A phone is offline before it starts too: only offline after connecting means the server is out of reach.
  let connecting = false;
  const settled = (): boolean => {
    const { state } = store.get();
    if (state.status === 'loading') return false;
    const phone = runner.get();
    if (phone.connection === 'connecting') connecting = true;
    const outOfReach = connecting && phone.connection === 'offline';
    return state.status === 'failed' || phone.phone === null || phone.connection === 'registered' || phone.problem !== null || outOfReach;
  };
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const stops: (() => void)[] = [];
    const done = (): void => {
      clearTimeout(timer);
      for (const stop of stops) stop();
      resolve();
    };
    const timer = setTimeout(done, capMs);
    const check = (): void => {
      if (settled()) done();
    };
    stops.push(runner.subscribe(check), store.subscribe(check));
  });
}
