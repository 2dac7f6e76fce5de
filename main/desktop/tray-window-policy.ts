// Two decisions about leaving: what closing the window does, and whether
// quitting must ask first. Pure; the glue asks through Electron's dialog.
import { translate, type MessageKey } from '../../common/i18n';
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
  const t = (key: MessageKey): string => translate(language, key);
  const ringing = call.state === 'ringing';
  return {
    type: 'warning',
    title: t('quit.title'),
    message: t(ringing ? 'quit.ringing.message' : 'quit.inCall.message'),
    detail: t(ringing ? 'quit.ringing.detail' : 'quit.inCall.detail'),
    buttons: [t('quit.stay'), t('quit.quit')],
    defaultId: 0,
    cancelId: 0,
  };
}
