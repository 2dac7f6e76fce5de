// The workstation's own settings (issue 6). Spread `workstationSettingsShape`
// into the settings schema of the contract and `workstationDefaults(...)` into
// its defaults; nothing else is needed for the UI to show and edit them.
import { z } from 'zod';

export const workstationSettingsShape = {
  /** "Start when I sign in to the computer". */
  autostart: z.boolean(),
  /** Closing the window while signed in hides it to the tray instead of quitting. */
  closeToTray: z.boolean(),
  /** A tel:/callto:/sip: link places the call at once when the phone is idle. */
  dialImmediately: z.boolean(),
  /** Global shortcut (Electron accelerator, e.g. `CommandOrControl+Shift+A`); '' = off. */
  answerShortcut: z.string().trim().max(64),
  /** Global shortcut for hanging up; '' = off. */
  hangUpShortcut: z.string().trim().max(64),
};

export const workstationSettingsSchema = z.object(workstationSettingsShape);
export type WorkstationSettings = z.infer<typeof workstationSettingsSchema>;

/** Autostart is on by default only in packaged builds (a dev build must not start at login). */
export function workstationDefaults(isPackaged: boolean): WorkstationSettings {
  return { autostart: isPackaged, closeToTray: true, dialImmediately: false, answerShortcut: '', hangUpShortcut: '' };
}
