// Two decisions about leaving: what closing the window does, and whether
// quitting must ask first. Pure; the glue asks through Electron's dialog.
import type { TrayLanguage } from './tray-state';

export interface CloseContext {
  /** The setting "keep running in the tray when the window is closed". */
  readonly closeToTray: boolean;
  readonly signedIn: boolean;
  /** The app is quitting (tray Quit, OS shutdown, Cmd+Q): closing must not be stopped. */
  readonly quitting: boolean;
}

/** Closing the window hides it to the tray while signed in (if the setting allows); otherwise it closes. */
export function closeAction(context: CloseContext): 'hide' | 'close' {
  return context.closeToTray && context.signedIn && !context.quitting ? 'hide' : 'close';
}

/** Quitting with a call ringing or in progress asks first; otherwise it just quits. */
export function quitNeedsConfirmation(call: { readonly state: 'ringing' | 'in-call' } | null): boolean {
  return call !== null;
}

export interface QuitPrompt {
  readonly type: 'warning';
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  /** [stay, quit]: staying is the default and what Escape does. */
  readonly buttons: [string, string];
  readonly defaultId: 0;
  readonly cancelId: 0;
}

/** The question shown before quitting during a call; maps onto Electron's MessageBoxOptions. */
export function quitPrompt(language: TrayLanguage, call: { readonly state: 'ringing' | 'in-call' }): QuitPrompt {
  const ringing = call.state === 'ringing';
  return language === 'es'
    ? {
        type: 'warning',
        title: 'Salir de Agent Softphone',
        message: ringing ? 'Hay una llamada entrante. ¿Salir igualmente?' : 'Está en una llamada. ¿Salir y cortarla?',
        detail: ringing ? 'Si sale, la llamada no se contestará.' : 'Si sale, la llamada se cortará para ambas partes.',
        buttons: ['Quedarme', 'Salir'],
        defaultId: 0,
        cancelId: 0,
      }
    : {
        type: 'warning',
        title: 'Quit Agent Softphone',
        message: ringing ? 'A call is ringing. Quit anyway?' : 'You are in a call. Quit and end it?',
        detail: ringing ? 'If you quit, the call will not be answered.' : 'If you quit, the call ends for both sides.',
        buttons: ['Stay', 'Quit'],
        defaultId: 0,
        cancelId: 0,
      };
}
