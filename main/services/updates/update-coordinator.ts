// Updates from a feed IT hosts (electron-updater, generic provider), with the
// rule that makes them ours: never restart during a call, a ringing call or an
// unsent wrap-up. Downloads run in the background; a downloaded version is
// installed when the agent signs out (if nothing is under way) or quits
// (electron-updater installs on quit), or when it is ready while nobody is
// signed in (at the next start, before sign-in).
// A bad signature or hash, or a feed out of reach, is a logged warning; the
// app starts and works as before. Pure: electron-updater and the app's state
// come in through ports (main/desktop/updates.ts wires them).
import { plainHttpProblem } from '../../../common/loopback';
import type { UpdateTrust } from './update-trust';

export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  /** Its download (autoDownload) rejects on a bad hash too; the 'error' event reports it. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What would be cut by a restart now. */
export type WorkUnderWay = 'ringing' | 'in-call' | 'unsent-wrap-up' | null;

export interface UpdateSettings {
  /** The feed's base address ('' = updates off); https, or http on loopback for tests. */
  readonly feedUrl: string;
  readonly channel: string;
}

export interface UpdateCoordinatorPorts {
  readonly updater: UpdaterPort;
  readonly settings: () => UpdateSettings;
  /** What checks a download on this OS and build (update-trust.ts); updates stay off without one. */
  readonly trust: () => UpdateTrust;
  /** Read at the moment of a possible restart (kept wrap-ups are on disk). */
  readonly workUnderWay: () => Promise<WorkUnderWay>;
  readonly signedIn: () => boolean;
  /** One line for the agent, in their language (main shows it). */
  readonly tellAgent: (version: string) => void;
  readonly log: { info(message: string): void; warn(message: string): void };
}

export type InstallMoment = 'downloaded' | 'signed-out';

/**
 * Whether a downloaded update may restart the app at this moment: never while work is under
 * way; at sign-out; when it finishes downloading only while nobody is signed in.
 */
export function mayInstallNow(moment: InstallMoment, work: WorkUnderWay, signedIn: boolean): boolean {
  if (work !== null) return false;
  if (moment === 'signed-out') return true;
  return !signedIn;
}

export interface UpdateCoordinator {
  /** Applies the settings and checks the feed (at start and periodically). */
  check(): Promise<void>;
  signedOut(): Promise<void>;
  /** The version downloaded and waiting, or null. */
  waiting(): string | null;
}

export function feedProblem(feedUrl: string): string | null {
  const problem = plainHttpProblem(feedUrl);
  return problem === null ? null : `the update feed address is refused: ${problem}`;
}

export function createUpdateCoordinator(ports: UpdateCoordinatorPorts): UpdateCoordinator {
  const { updater, log } = ports;
  let downloaded: string | null = null;
  let installing = false;
  let checkedFeed = '';
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;

  const installIf = async (moment: InstallMoment): Promise<void> => {
    if (!downloaded) return;
    const work = await ports.workUnderWay().catch(() => 'unsent-wrap-up' as const); // unknown: assume there is work
    if (installing || !mayInstallNow(moment, work, ports.signedIn())) return;
    installing = true;
    log.info(`Installing version ${downloaded} now (${moment === 'signed-out' ? 'after sign-out' : 'nobody is signed in'}).`);
    updater.quitAndInstall(true, true);
  };

  updater.on('update-downloaded', (info) => {
    const first = downloaded !== info.version;
    downloaded = info.version;
    if (first) {
      log.info(`Version ${info.version} downloaded; it installs at sign-out or quit.`);
      ports.tellAgent(info.version);
    }
    void installIf('downloaded');
  });
  // A signature or hash mismatch, a feed out of reach: the app goes on as it is.
  updater.on('error', (error) => log.warn(`Update failed, the app keeps its version: ${error.message}`));

  return {
    async check() {
      const { feedUrl, channel } = ports.settings();
      if (!feedUrl) return;
      const problem = feedProblem(feedUrl);
      if (problem) return log.warn(`Updates are off: ${problem} (${feedUrl}).`);
      const trust = ports.trust();
      if (!trust.ok) return log.warn(`Updates are off: ${trust.problem}.`);
      if (checkedFeed !== feedUrl) log.info(`Updates from ${feedUrl}: ${trust.check}.`);
      checkedFeed = feedUrl;
      updater.setFeedURL({ provider: 'generic', url: feedUrl, channel: channel || 'latest' });
      try {
        const result = await updater.checkForUpdates();
        // Reported through 'error' already; an unhandled rejection here would only add noise.
        result?.downloadPromise?.catch(() => undefined);
      } catch (error) {
        log.warn(`Checking for updates failed, the app keeps its version: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    signedOut: () => installIf('signed-out'),
    waiting: () => downloaded,
  };
}
