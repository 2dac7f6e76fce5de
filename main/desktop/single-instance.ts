// One app per user session: a second launch hands over to the first (which
// comes to the front) and quits. The argv is passed on so tel: links opened
// by a second launch still reach the running app.
import type { App } from 'electron';

type InstanceApp = Pick<App, 'requestSingleInstanceLock' | 'quit'> & {
  on(event: 'second-instance', listener: (event: unknown, argv: string[], workingDirectory: string) => void): unknown;
};

/** Returns false when another instance holds the lock (this one is quitting). */
export function claimSingleInstance(app: InstanceApp, onSecondLaunch: (argv: string[]) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => onSecondLaunch(argv));
  return true;
}
