// Electron glue for updates: electron-updater's autoUpdater behind the
// coordinator's port (main/services/updates holds the rule and its tests),
// checked at start and every six hours, told when the agent signs out, and
// one line for the agent in their language when a version is ready.
import { join } from 'node:path';
import electronUpdater from 'electron-updater';
import { verifySignature } from 'electron-updater/out/windowsExecutableCodeSignatureVerifier.js';
import { translate } from '../../common/i18n';
import type { Language } from '../../common/i18n/language';
import type { PhoneStatus } from '../../common/ipc/workstation';
import { readRegularFileSync } from '../services/files';
import type { Logger } from '../services/logging';
import { createUpdateCoordinator, failClosed, publisherNamesOf, type UpdateSettings, type UpdateTrust, type WorkUnderWay } from '../services/updates';

/** app-update.yml is a few lines (provider, url, publisherName). */
const MAX_APP_UPDATE_YML_BYTES = 64 * 1024;

/** The code-signing publishers electron-builder wrote into the packaged app's app-update.yml; none when it has no such file. */
export function packagedPublisherNames(resourcesPath: string): string[] {
  const read = readRegularFileSync(join(resourcesPath, 'app-update.yml'), MAX_APP_UPDATE_YML_BYTES);
  return read.ok ? publisherNamesOf(read.bytes.toString('utf8')) : [];
}

const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export interface UpdatesDeps {
  readonly settings: () => UpdateSettings & { readonly language: Language };
  /** What checks a download on this OS and build (main/services/updates/update-trust.ts). */
  readonly trust: () => UpdateTrust;
  readonly phoneStatus: () => PhoneStatus;
  /** Wrap-ups kept for the signed-in agent (none, or a failure, when nobody is signed in). */
  readonly keptWrapUps: () => Promise<number>;
  readonly signedIn: () => boolean;
  readonly notify: (title: string, body: string) => void;
  readonly logger: Logger;
}

/** What a restart now would cut. */
export async function workUnderWay(phone: PhoneStatus, keptWrapUps: () => Promise<number>): Promise<WorkUnderWay> {
  if (phone.call?.state === 'ringing') return 'ringing';
  if (phone.call) return 'in-call';
  return (await keptWrapUps().catch(() => 0)) > 0 ? 'unsent-wrap-up' : null;
}

export function startUpdates(deps: UpdatesDeps): { signedOut(): void; dispose(): void } {
  const { autoUpdater } = electronUpdater;
  // Windows: a signature check that could not run (PowerShell locked down) refuses the installer instead of passing it.
  if (autoUpdater instanceof electronUpdater.NsisUpdater) autoUpdater.verifyUpdateCodeSignature = failClosed(verifySignature, (line) => deps.logger.info(`Update signature: ${line}`));
  const coordinator = createUpdateCoordinator({
    updater: autoUpdater,
    settings: deps.settings,
    trust: deps.trust,
    workUnderWay: () => workUnderWay(deps.phoneStatus(), deps.keptWrapUps),
    signedIn: deps.signedIn,
    tellAgent: (version) => {
      const { language } = deps.settings();
      deps.notify(translate(language, 'updates.readyTitle'), translate(language, 'updates.ready', { version }));
    },
    log: { info: (message) => deps.logger.info(message), warn: (message) => deps.logger.warn(message) },
  });
  void coordinator.check();
  const timer = setInterval(() => void coordinator.check(), CHECK_EVERY_MS);
  timer.unref();
  return { signedOut: () => void coordinator.signedOut(), dispose: () => clearInterval(timer) };
}
