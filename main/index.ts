// Composition root for Electron. Kept thin: everything testable lives in
// services/, ipc/ and desktop/ (each unit-tested with fakes of Electron).
import {
  app, BrowserWindow, dialog, globalShortcut, Menu, Notification, powerMonitor, protocol, safeStorage, session as electronSession, shell, Tray,
  type IpcMainInvokeEvent,
} from 'electron';
import Store from 'electron-store';
import { homedir, release } from 'node:os';
import { join } from 'node:path';
import { APP_ID, APP_NAME } from '../common/app-info';
import { DEFAULT_SETTINGS } from '../common/ipc-contract';
import { createDispatcher, createRequestHandlers, forwardEvents, type AppServices } from './ipc';
import { createConnectivity, createNetworkWatcher, createReachabilityProber, mergeOsEvents, sipUpgradeProbeTrusting, startApiReachability } from './services/connectivity';
import { createPhoneService } from './services/phone';
import { createIntegraSessionApi, createSessionService, instanceOrigin, LAUNCH_ENV, overridesFromEnv, signInDefaults, VAULT_KEYS } from './services/session';
import { LOOPBACK_MEDIA_SWITCH } from './browser-host/loopback-media';
import { caPemOrNull } from './api';
import { createSettingsService } from './services/settings';
import { createSupervisorService } from './services/supervisor';
import { createCallsService, tapAgentRecords } from './services/calls';
import { createEncryptedVault, createMemoryVault, createVaultFile } from './services/vault';
import { loadPolicy, withPolicy } from './services/policy';
import { collectBundle, collectDiagnostics, createWorkstationPort, instanceApiCheck, type DiagnosticsSources } from './services/workstation';
import { createEventJournal, watchDiagnosticEvents } from './services/diagnostics';
import { saveBundleWithDialog } from './desktop/diagnostics-bundle-dialog';
import { createAutostart } from './desktop/autostart';
import { createElectronStoreSettingsStorage, SETTINGS_STORE_OPTIONS } from './desktop/electron-store-settings';
import { isTrustedSender, registerOnElectronIpcMain, sendEvent } from './desktop/ipc-main';
import { startAppLogging } from './desktop/logging';
import { listenForOpenUrl, registerDialLinkProtocols } from './desktop/protocol';
import { createDialLinkRouter } from './desktop/protocol-router';
import { safeStorageCipher } from './desktop/safe-storage';
import { applyContentSecurityPolicy, guardNavigation, restrictPermissions } from './desktop/security';
import { claimSingleInstance } from './desktop/single-instance';
import { allowTelephonyHeadsets } from './desktop/headset-permissions';
import { pickListFile } from './desktop/list-file-dialog';
import { privateCaVerdict, wsHost, type PrivateCaTrust } from './desktop/private-ca-trust';
import { trayIconPath } from './desktop/tray';
import { loadRenderer, mainWindowOptions, rendererLocation, showAndFocus } from './desktop/window';
import { appMenuTemplate } from './desktop/app-menu';
import { recoverCrashedRenderer } from './desktop/renderer-recovery';
import { confirmWithDialog } from './desktop/setting-confirmation';
import { registerAppScheme, serveAppScheme } from './desktop/app-protocol';
import { packagedPublisherNames, startUpdates } from './desktop/updates';
import { updateTrust } from './services/updates';
import { startWorkstation, type Workstation } from './desktop/workstation';
import { english } from '../common/i18n/say';

const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const location = rendererLocation(devServerUrl);
// The page's scheme must be privileged before the app is ready (served in start()).
registerAppScheme(protocol);
let mainWindow: BrowserWindow | null = null;

// Before anything else, so early failures are on disk (redacted).
const logging = startAppLogging({ app, process, console: !app.isPackaged });
app.setAppUserModelId(APP_ID);
// Before ready: the built-in simulator's media is on loopback (see browser-host/loopback-media.ts).
if (process.env[LAUNCH_ENV.builtInSimulator] === '1') app.commandLine.appendSwitch(LOOPBACK_MEDIA_SWITCH);
// tel:/callto:/sip: links: macOS sends open-url (maybe before ready), others put them in argv.
const dialLinks = createDialLinkRouter((result) => sendEvent(mainWindow?.webContents, 'workstation.dialLink', result));

if (claimSingleInstance(app, (argv) => {
  showAndFocus(mainWindow);
  dialLinks.receiveArgv(argv);
})) {
  listenForOpenUrl(app, dialLinks);
  dialLinks.receiveArgv(process.argv);
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, location));
  // Hidden in the tray is still running: only quitting (tray Quit, OS) ends the app.
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start).catch((error: unknown) => logging.logger.error('Starting the app failed', { error }));
}

async function composeServices(workstation: () => Workstation | undefined) {
  const userData = app.getPath('userData');
  const policy = await loadPolicy({ platform: process.platform, env: process.env });
  if (policy.problem) logging.logger.warn(english(policy.problem));
  if (policy.note) logging.logger.info(policy.note);
  const settings = withPolicy(
    createSettingsService(createElectronStoreSettingsStorage({ open: () => new Store(SETTINGS_STORE_OPTIONS), filePath: join(userData, 'settings.json') })),
    policy,
    DEFAULT_SETTINGS,
  );
  const vault = settings.get().tokenStorage === 'memory-only'
    ? createMemoryVault('policy')
    : createEncryptedVault(safeStorageCipher(safeStorage, process.platform), createVaultFile(join(userData, 'secrets.json')));
  // Waking from sleep and a changed network (Wi-Fi, VPN, cable) are cues to re-register the phone and retry at once
  // (forwarded to the renderer as connectivity.changed with the reason).
  const connectivity = createConnectivity({
    os: mergeOsEvents(createNetworkWatcher(), {
      subscribe(listener) {
        const onResume = () => listener('resumed');
        powerMonitor.on('resume', onResume);
        return () => void powerMonitor.off('resume', onResume);
      },
    }),
  });
  // npm start on the simulator passes the demo instance and agent (never saved).
  const { overrides, demoPassword } = overridesFromEnv(process.env);
  if (demoPassword && overrides.agent && overrides.instanceUrl) vault.set(VAULT_KEYS.password(instanceOrigin(overrides.instanceUrl), overrides.agent), demoPassword, false);
  const contexts = new Map<string, string>();
  const createApi = tapAgentRecords(createIntegraSessionApi, (record) => record && contexts.set(record.phone, record.context));
  const session = createSessionService({ settings, vault, overrides, connectivity, createApi });
  // While the API is out of reach and an instance is known: probe it, so "online" (and the outbox) come back within seconds.
  const apiReachability = startApiReachability({ connectivity, target: () => session.client(), onTargetChange: (listener) => session.onChange(() => listener()) });
  app.on('will-quit', () => {
    apiReachability.close();
    session.close();
  });
  const supervisor = createSupervisorService({ session, files: { kind: 'dialog', pick: () => pickListFile(dialog, mainWindow) } });
  // Dispositions journal: <userData>/outbox/dispositions.jsonl (the single-instance lock keeps one writer).
  const calls = createCallsService({
    session, dataDir: userData, agentContext: (phone) => contexts.get(phone) ?? null, connectivity,
    // The campaign form opens in the system's browser; main has checked the address (https, the template's host).
    forms: { template: () => settings.get().formUrlTemplate, openExternal: (url) => shell.openExternal(url) },
  });
  app.on('will-quit', () => void calls.close());
  // The phone asks main to watch its SIP server after long outages (Node is not throttled like the page's WebSocket).
  const phone = createPhoneService({ session, prober: createReachabilityProber({ connect: sipUpgradeProbeTrusting(() => caPemOrNull(session.caFile())) }), log: (line) => logging.logger.info(line) });
  app.on('will-quit', () => phone.close());
  const events = createEventJournal();
  const stopEvents = watchDiagnosticEvents(events, { connectivity, outbox: calls });
  app.on('will-quit', stopEvents);
  const diagnosticsSources: DiagnosticsSources = {
    app: { name: APP_NAME, version: app.getVersion(), packaged: app.isPackaged },
    runtime: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    os: { platform: process.platform, release: release(), arch: process.arch, locale: app.getLocale() },
    get startedByAutostart() {
      return workstation()?.startedByAutostart ?? false;
    },
    logFolder: logging.logFolder,
    recentErrors: logging.recentErrors,
    session: () => session.view(),
    settings: () => settings.get(),
    policy: settings,
    connectivity: () => connectivity.state,
    recentLog: logging.recentLog,
    events,
    qualityTimelines: () => calls.recentTimelines(),
    lastCheck: () => port.lastCheck,
  };
  const port = createWorkstationPort({
    logger: logging.logger,
    onStatus: (status) => workstation()?.onPhoneStatus(status),
    onRendererReady: () => dialLinks.markReady(),
    diagnostics: (phone) => collectDiagnostics(diagnosticsSources, phone),
    bundle: (phone, page) => collectBundle(diagnosticsSources, phone, page),
    saveBundle: (bundle) => saveBundleWithDialog(dialog, mainWindow, app.getPath('downloads'), bundle),
    checkApi: instanceApiCheck(() => session.view().instanceUrl, () => caPemOrNull(session.caFile())),
  });
  // The page may ask to change the form address or the CA file; main asks the person in its own dialog first.
  const confirmSettingChange = confirmWithDialog(dialog, () => mainWindow, () => settings.get().language);
  const services: AppServices = { settings, vault, session, overrides, supervisor, calls, phone, policy: settings, workstation: port, confirmSettingChange };
  return { services, connectivity };
}

async function start(): Promise<void> {
  if (location.kind === 'app') serveAppScheme(protocol, join(import.meta.dirname, '../renderer'));
  applyContentSecurityPolicy(electronSession.defaultSession);
  // Headset buttons follow the setting (or IT's policy) as it is at each ask; off until the services are up.
  const late: { workstation?: Workstation; headsets?: () => boolean } = {};
  const headsetsOn = (): boolean => late.headsets?.() ?? false;
  restrictPermissions(electronSession.defaultSession, location, headsetsOn);
  allowTelephonyHeadsets(electronSession.defaultSession, location, headsetsOn);
  // The phone status handler needs the workstation, which needs the services: a late reference.
  const { services, connectivity } = await composeServices(() => late.workstation);
  late.headsets = () => services.settings.get().headsetButtons;
  // The phone's WSS behind a private CA: trusted only when it chains to the configured CA, on the SIP host.
  electronSession.defaultSession.setCertificateVerifyProc((request, callback) => callback(privateCaVerdict(request, privateCaTrust(services))));
  registerDialLinkProtocols(app, app.isPackaged);

  // Our own menu (issue 24): no reload or developer tools accelerators in a packaged build.
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ packaged: app.isPackaged, platform: process.platform })));
  mainWindow = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), { devTools: !app.isPackaged }));
  const window = mainWindow;
  // A crashed renderer is reloaded (the page takes its call back) and the agent told once.
  recoverCrashedRenderer({
    contents: window.webContents,
    notify: (title, body) => Notification.isSupported() && new Notification({ title, body }).show(),
    language: () => services.settings.get().language,
    log: (line) => logging.logger.warn(line),
  });
  window.on('closed', () => (mainWindow = null));
  // A reload or a new page: hold links until that page reports its phone again.
  window.webContents.on('did-start-loading', () => dialLinks.markNotReady());

  const iconLocation = { isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() };
  const workstation = startWorkstation({
    platform: process.platform,
    isPackaged: app.isPackaged,
    argv: process.argv,
    autostart: createAutostart({
      app, platform: process.platform, execPath: process.execPath, appPath: app.getAppPath(), isPackaged: app.isPackaged,
      env: process.env, homedir: homedir(), appId: APP_ID, appName: APP_NAME, icon: 'agent-softphone',
    }),
    settings: services.settings,
    session: services.session,
    connectivity,
    rememberedSignIn: () => {
      const settings = services.settings.get();
      const defaults = signInDefaults(settings, services.vault, services.overrides);
      return defaults.passwordRemembered && defaults.agent
        ? { agent: defaults.agent, password: '', remember: true, language: settings.language }
        : null;
    },
    app,
    window,
    attention: window,
    showWindow: () => showAndFocus(mainWindow),
    tray: {
      createTray: (path) => new Tray(path),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      iconPath: (icon) => trayIconPath(icon, iconLocation),
    },
    notifications: {
      isSupported: () => Notification.isSupported(),
      create: (options) => new Notification(options),
      iconPath: app.isPackaged ? join(process.resourcesPath, 'icon.png') : join(app.getAppPath(), 'build', 'icon.png'),
    },
    globalShortcut,
    confirm: (prompt) => dialog.showMessageBoxSync(window, prompt),
    onShortcutProblems: (problems) => services.workstation.setShortcutProblems(problems),
    sendCommand: (command) => sendEvent(mainWindow?.webContents, 'workstation.command', command),
    // The missed calls not dismissed, on the taskbar/dock icon (Linux Unity and macOS; a no-op elsewhere).
    badge: (count) => void app.setBadgeCount(count),
    logger: logging.logger,
  });
  late.workstation = workstation;
  app.on('will-quit', () => workstation.dispose());
  // Updates from IT's feed; never a restart during a call, a ring or an unsent wrap-up (main/services/updates).
  const updates = startUpdates({
    settings: () => {
      const { updateFeedUrl, updateChannel, language } = services.settings.get();
      return { feedUrl: updateFeedUrl, channel: updateChannel, language };
    },
    trust: () => updateTrust({ platform: process.platform, feedFromPolicy: services.policy.fromPolicy.has('updateFeedUrl'), publisherNames: packagedPublisherNames(process.resourcesPath) }),
    phoneStatus: () => workstation.phoneStatus(),
    keptWrapUps: async () => (await services.calls.pendingWrapUps()).length,
    signedIn: () => services.session.view().state === 'signed-in',
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    logger: logging.logger,
  });
  services.session.onChange((view) => view.state === 'signed-out' && updates.signedOut());
  app.on('will-quit', () => updates.dispose());
  // Started at login: stay in the tray; otherwise show the window once drawn.
  if (!workstation.startedByAutostart) window.once('ready-to-show', () => window.show());

  const dispatch = createDispatcher<IpcMainInvokeEvent>(createRequestHandlers(services), {
    isTrustedSender: (event) => isTrustedSender(event, () => mainWindow?.webContents.id, location),
    onUnexpectedError: (channel, error) => logging.logger.error(`IPC ${channel} failed`, { error }),
  });
  await registerOnElectronIpcMain(dispatch);
  forwardEvents(services, (event, payload) => sendEvent(mainWindow?.webContents, event, payload), connectivity);
  await loadRenderer(window, location, devServerUrl);
}

/**
 * The CA file's text (cached by path, size and time: a changed file applies at once) and the phone's host.
 * The file the API client trusts (the sign-in's, the launch's or the saved one), so the page's SIP
 * connection and the API are trusted alike.
 */
function privateCaTrust(services: AppServices): PrivateCaTrust {
  const host = wsHost(services.session.view().sip?.wsUrl);
  return { caPem: caPemOrNull(services.session.caFile()), hosts: host ? [host] : [] };
}
