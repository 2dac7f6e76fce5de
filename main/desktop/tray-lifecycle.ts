// Leaving the app, Electron side: closing the window hides it to the tray
// while signed in, and quitting during a call asks first. The decisions are
// in tray-window-policy.ts; this wires them to `app` and the window.
import type { Event } from 'electron';
import type { PhoneCall } from '../../common/ipc/workstation';
import { closeAction, quitNeedsConfirmation, quitPrompt, type QuitPrompt } from './tray-window-policy';
import type { TrayLanguage } from './tray-state';

export interface QuitGuardApp {
  on(event: 'before-quit', listener: (event: Event) => void): unknown;
  quit(): void;
}

export interface QuitGuardDeps {
  currentCall(): PhoneCall | null;
  language(): TrayLanguage;
  /** Shows the prompt (`dialog.showMessageBoxSync(window, prompt)`) and returns the button index. */
  confirm(prompt: QuitPrompt): number;
}

export interface QuitGuard {
  /** True once quitting is decided: the window's close handler must then let it close. */
  isQuitting(): boolean;
}

export function guardQuit(app: QuitGuardApp, deps: QuitGuardDeps): QuitGuard {
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    const call = deps.currentCall();
    if (quitNeedsConfirmation(call) && call) {
      event.preventDefault();
      if (deps.confirm(quitPrompt(deps.language(), call)) !== 1) return;
      quitting = true;
      app.quit();
      return;
    }
    quitting = true;
  });
  return { isQuitting: () => quitting };
}

export interface HideableWindow {
  on(event: 'close', listener: (event: Event) => void): unknown;
  hide(): void;
}

/** Makes the window's close button hide it to the tray when `closeAction` says so. */
export function hideToTrayOnClose(
  window: HideableWindow,
  context: () => { closeToTray: boolean; signedIn: boolean },
  guard: QuitGuard,
): void {
  window.on('close', (event) => {
    if (closeAction({ ...context(), quitting: guard.isQuitting() }) === 'hide') {
      event.preventDefault();
      window.hide();
    }
  });
}
