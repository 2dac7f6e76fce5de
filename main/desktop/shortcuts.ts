// Global shortcuts for answer and hang up (off by default), Electron side.
// `apply` is called at start and on every settings change: it unregisters
// what it registered before and registers the new accelerators, reporting
// each one's outcome so the settings screen can say why one does not work.
import type { GlobalShortcut } from 'electron';
import type { Say } from '../../common/i18n/dictionary';
import { english } from '../../common/i18n/say';
import { ACCELERATOR_PROBLEM_KEY, parseAccelerator } from './shortcuts-accelerator';

export type ShortcutAction = 'answer' | 'hang-up';
export type GlobalShortcutLike = Pick<GlobalShortcut, 'register' | 'unregister'>;

export interface ShortcutSettings {
  /** '' = off. */
  readonly answerShortcut: string;
  readonly hangUpShortcut: string;
}

export type ShortcutOutcome =
  | { readonly action: ShortcutAction; readonly status: 'off' }
  | { readonly action: ShortcutAction; readonly status: 'registered'; readonly accelerator: string }
  | { readonly action: ShortcutAction; readonly status: 'invalid' | 'taken' | 'duplicate'; readonly message: string; readonly say: Say };

export interface Shortcuts {
  apply(settings: ShortcutSettings): ShortcutOutcome[];
  /** Unregisters everything this module registered (on quit or sign-out). */
  dispose(): void;
}

export function createShortcuts(globalShortcut: GlobalShortcutLike, onAction: (action: ShortcutAction) => void): Shortcuts {
  let registered: string[] = [];

  const dispose = () => {
    for (const accelerator of registered) globalShortcut.unregister(accelerator);
    registered = [];
  };

  return {
    dispose,
    apply(settings) {
      dispose();
      const wanted: [ShortcutAction, string][] = [
        ['answer', settings.answerShortcut],
        ['hang-up', settings.hangUpShortcut],
      ];
      /** A shortcut that does not work: said by message key, its English (the same table) for the log. */
      const failed = (action: ShortcutAction, status: 'invalid' | 'taken' | 'duplicate', say: Say): ShortcutOutcome => ({ action, status, message: english(say), say });
      return wanted.map(([action, text]): ShortcutOutcome => {
        if (text.trim() === '') return { action, status: 'off' };
        const parsed = parseAccelerator(text);
        if (!parsed.ok) {
          return failed(action, 'invalid', { key: `workstation.shortcut.invalid.${keyOf(action)}`, params: { text }, cause: { key: ACCELERATOR_PROBLEM_KEY[parsed.problem], params: {} } });
        }
        const accelerator = { accelerator: parsed.accelerator };
        if (registered.includes(parsed.accelerator)) return failed(action, 'duplicate', { key: `workstation.shortcut.duplicate.${keyOf(action)}`, params: accelerator });
        if (!globalShortcut.register(parsed.accelerator, () => onAction(action))) return failed(action, 'taken', { key: `workstation.shortcut.taken.${keyOf(action)}`, params: accelerator });
        registered.push(parsed.accelerator);
        return { action, status: 'registered', accelerator: parsed.accelerator };
      });
    },
  };
}

/** The action as message keys name it. */
function keyOf(action: ShortcutAction): 'answer' | 'hangUp' {
  return action === 'answer' ? 'answer' : 'hangUp';
}
