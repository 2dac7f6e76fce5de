// The same services as Electron, composed for browser mode: settings in a
// JSON file, secrets in memory only, the real Integra client; IT's policy,
// a log in <dataDir>/logs and diagnostics as in Electron.
import { release } from 'node:os';
import { join } from 'node:path';
import { APP_NAME } from '../../common/app-info';
import type { BackoffPolicy } from '../../common/backoff';
import { DEFAULT_SETTINGS } from '../../common/ipc-contract';
import { createEventJournal, createRecentErrors, createRecentLog, watchDiagnosticEvents } from '../services/diagnostics';
import { createLogger, createRotatingFileSink, type Logger } from '../services/logging';
import { withPolicy, type LoadedPolicy } from '../services/policy';
import { collectBundle, collectDiagnostics, createWorkstationPort, instanceApiCheck, type DiagnosticsSources } from '../services/workstation';
import { createConnectivity, createNetworkWatcher, createReachabilityProber, sipUpgradeProbeTrusting, startApiReachability, type Connectivity } from '../services/connectivity';
import { createPhoneService } from '../services/phone';
import { createIntegraSessionApi, createSessionService, instanceOrigin, VAULT_KEYS, type LaunchOverrides } from '../services/session';
import { createSupervisorService } from '../services/supervisor';
import { createCallsService, tapAgentRecords } from '../services/calls';
import { caPemOrNull } from '../api';
import { createJsonFileSettingsStorage, createSettingsService } from '../services/settings';
import { createMemoryVault } from '../services/vault';
import type { AppServices } from '../ipc';
import { english } from '../../common/i18n/say';

export interface BrowserServicesOptions {
  dataDir: string;
  overrides?: LaunchOverrides;
  /** Passwords main holds for this run (the demo agent on the simulator); never sent to the page. */
  rememberedPasswords?: Record<string, string>;
  /** Dispositions outbox retry schedule (tests shorten it). */
  outboxBackoff?: BackoffPolicy;
  /** IT's policy (startBrowserHost reads the system file or $AGENT_SOFTPHONE_POLICY). */
  policy?: LoadedPolicy;
}

export interface BrowserServiceHooks {
  /** The page reported its phone for the first time: it listens to events now. */
  onRendererReady(): void;
}

const NO_POLICY: LoadedPolicy = { policy: null, source: null, problem: null, note: null };
const VERSION = process.env['npm_package_version'] ?? '0.0.0';

export function composeBrowserServices(
  options: BrowserServicesOptions,
  hooks: BrowserServiceHooks = { onRendererReady: () => undefined },
): { services: AppServices; connectivity: Connectivity; logger: Logger; stopBackground: () => void } {
  const settings = withPolicy(createSettingsService(createJsonFileSettingsStorage(join(options.dataDir, 'settings.json'))), options.policy ?? NO_POLICY, DEFAULT_SETTINGS);
  const logFolder = join(options.dataDir, 'logs');
  const recentErrors = createRecentErrors();
  const recentLog = createRecentLog();
  const logger = createLogger({ sinks: [createRotatingFileSink({ folder: logFolder }), recentErrors, recentLog] });
  if (settings.policyProblem) logger.warn(english(settings.policyProblem));
  const vault = createMemoryVault('browser-mode');
  // Kept for the launch's instance only (the simulator): another address needs the password typed.
  const launchInstance = options.overrides?.instanceUrl;
  for (const [agent, password] of Object.entries(launchInstance ? (options.rememberedPasswords ?? {}) : {})) {
    vault.set(VAULT_KEYS.password(instanceOrigin(launchInstance ?? ''), agent), password, false);
  }
  // A changed network (Wi-Fi, VPN, cable) is a cue to retry at once (connectivity.changed, reason network-changed).
  const connectivity = createConnectivity({ os: createNetworkWatcher() });
  const overrides = options.overrides ?? {};
  const contexts = new Map<string, string>();
  const createApi = tapAgentRecords(createIntegraSessionApi, (record) => record && contexts.set(record.phone, record.context));
  const session = createSessionService({ settings, vault, overrides, connectivity, createApi });
  // While the API is out of reach and an instance is known: probe it, so "online" (and the outbox) come back within seconds.
  const apiReachability = startApiReachability({ connectivity, target: () => session.client(), onTargetChange: (listener) => session.onChange(() => listener()) });
  // Browser mode has no native dialog: the person types the list's path (docs/ASSUMPTIONS.md, Supervisor).
  const supervisor = createSupervisorService({ session, files: { kind: 'typed-path' } });
  // The dispositions journal lives in this host's own data folder (never shared with an Electron profile).
  const calls = createCallsService({
    session, dataDir: options.dataDir, agentContext: (phone) => contexts.get(phone) ?? null, connectivity,
    ...(options.outboxBackoff ? { outboxBackoff: options.outboxBackoff } : {}),
    // No system browser from here: the page opens the address main built and checked.
    forms: { template: () => settings.get().formUrlTemplate },
  });
  // The phone asks main to watch its SIP server after long outages (Node is not throttled like the page's WebSocket).
  const phone = createPhoneService({ session, prober: createReachabilityProber({ connect: sipUpgradeProbeTrusting(() => caPemOrNull(session.caFile())) }), log: (line) => logger.info(line) });
  const events = createEventJournal();
  const stopEvents = watchDiagnosticEvents(events, { connectivity, outbox: calls });
  const diagnosticsSources: DiagnosticsSources = {
    app: { name: `${APP_NAME} (browser host)`, version: VERSION, packaged: false },
    runtime: { node: process.versions.node },
    os: { platform: process.platform, release: release(), arch: process.arch },
    startedByAutostart: false,
    logFolder,
    recentErrors,
    session: () => session.view(),
    settings: () => settings.get(),
    policy: settings,
    connectivity: () => connectivity.state,
    recentLog,
    events,
    qualityTimelines: () => calls.recentTimelines(),
    lastCheck: () => workstation.lastCheck,
  };
  const workstation = createWorkstationPort({
    logger,
    onRendererReady: hooks.onRendererReady,
    diagnostics: (phone) => collectDiagnostics(diagnosticsSources, phone),
    // No dialog here: the page downloads the bundle.
    bundle: (phone, page) => collectBundle(diagnosticsSources, phone, page),
    checkApi: instanceApiCheck(() => session.view().instanceUrl, () => caPemOrNull(session.caFile())),
  });
  return {
    services: { settings, vault, session, overrides, supervisor, calls, phone, policy: settings, workstation },
    connectivity,
    logger,
    stopBackground: () => {
      apiReachability.close();
      stopEvents();
    },
  };
}
