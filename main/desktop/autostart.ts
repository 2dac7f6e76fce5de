// "Start when I sign in to the computer": Windows and macOS through Electron's
// login-item settings, Linux (and other XDG desktops) through an autostart
// Desktop Entry. Typed against Electron's own types; tests pass a fake `app`.
import type { App } from 'electron';
import { autostartCommand, wasStartedByAutostart, type LaunchContext } from './autostart-launch';
import { desktopEntryText, isXdgAutostartPresent, removeXdgAutostart, writeXdgAutostart, xdgAutostartPath } from './autostart-xdg';

export type AutostartApp = Pick<App, 'setLoginItemSettings' | 'getLoginItemSettings'>;

export interface AutostartOptions extends LaunchContext {
  readonly app: AutostartApp;
  readonly homedir: string;
  readonly appId: string;
  readonly appName: string;
  /** Icon name or absolute path for the Linux entry. */
  readonly icon: string;
}

export type AutostartResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface Autostart {
  /** Makes the OS start (or stop starting) the app at login. Idempotent; call at launch and on every change. */
  apply(enabled: boolean): Promise<AutostartResult>;
  isEnabled(): Promise<boolean>;
  /** Whether this launch came from login: then the window starts hidden in the tray. */
  startedByAutostart(argv: readonly string[]): boolean;
  /** Where the Linux entry lives (for diagnostics), or null on Windows/macOS. */
  readonly entryPath: string | null;
}

export function createAutostart(options: AutostartOptions): Autostart {
  const { app, platform } = options;
  const command = autostartCommand(options);
  const usesLoginItems = platform === 'win32' || platform === 'darwin';
  const entryPath = usesLoginItems ? null : xdgAutostartPath(options);
  // Windows stores one command line: arguments with spaces need quotes.
  const windowsArgs = command.slice(1).map((arg) => (/\s/u.test(arg) ? `"${arg}"` : arg));

  const loginItemQuery = () => (platform === 'win32' ? app.getLoginItemSettings({ path: command[0], args: windowsArgs }) : app.getLoginItemSettings());

  return {
    entryPath,
    async apply(enabled) {
      try {
        if (platform === 'win32') app.setLoginItemSettings({ openAtLogin: enabled, path: command[0], args: windowsArgs });
        // macOS: no arguments and no openAsHidden (gone in Electron 45); the app reads wasOpenedAtLogin and starts in the tray.
        else if (platform === 'darwin') app.setLoginItemSettings({ openAtLogin: enabled });
        else if (entryPath && enabled) {
          await writeXdgAutostart(entryPath, desktopEntryText({
            name: options.appName,
            comment: `Starts ${options.appName} in the tray when you sign in`,
            command,
            icon: options.icon,
          }));
        } else if (entryPath) await removeXdgAutostart(entryPath);
        return { ok: true };
      } catch (error) {
        const where = entryPath ? ` (${entryPath})` : '';
        const cause = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          message: `${enabled ? 'Turning on' : 'Turning off'} start at sign-in failed${where}: ${cause}. Check that your user may write there, or ask IT.`,
        };
      }
    },
    async isEnabled() {
      if (entryPath) return isXdgAutostartPresent(entryPath);
      return loginItemQuery().openAtLogin;
    },
    startedByAutostart(argv) {
      return wasStartedByAutostart(argv, platform === 'darwin' ? app.getLoginItemSettings() : undefined);
    },
  };
}
