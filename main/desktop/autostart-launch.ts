// How the app is launched at login and how it knows it was. Pure.
//
// Windows and Linux start it with `--autostart`; macOS login items take no
// arguments, so there the login-item settings say it (`wasOpenedAtLogin`).

export const AUTOSTART_ARG = '--autostart';

export interface LaunchContext {
  readonly platform: NodeJS.Platform;
  /** `process.execPath`: the app's executable (Electron's binary when not packaged). */
  readonly execPath: string;
  /** `app.getAppPath()`: needed on the command line only when not packaged. */
  readonly appPath: string;
  readonly isPackaged: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The command line that starts this app at login. An AppImage runs from a
 * temporary mount that changes every launch, so the AppImage file itself
 * (`$APPIMAGE`) is what must be started.
 */
export function autostartCommand(context: LaunchContext): string[] {
  const appImage = context.platform === 'linux' ? context.env['APPIMAGE'] : undefined;
  const executable = appImage && appImage.length > 0 ? appImage : context.execPath;
  return context.isPackaged ? [executable, AUTOSTART_ARG] : [executable, context.appPath, AUTOSTART_ARG];
}

/** True when this launch came from the login item / autostart entry. */
export function wasStartedByAutostart(argv: readonly string[], loginItem?: { readonly wasOpenedAtLogin?: boolean }): boolean {
  return argv.includes(AUTOSTART_ARG) || loginItem?.wasOpenedAtLogin === true;
}
