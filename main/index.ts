// Composition root for Electron. Kept thin: everything testable lives in
// services/, ipc/ and desktop/ (each unit-tested with fakes of Electron).
import { app, BrowserWindow, dialog, powerMonitor, safeStorage, session as electronSession, type IpcMainInvokeEvent } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import { createDispatcher, createRequestHandlers, forwardEvents, type AppServices } from './ipc';
import { createConnectivity } from './services/connectivity';
import { createIntegraSessionApi, createSessionService, overridesFromEnv, VAULT_KEYS } from './services/session';
import { createSettingsService } from './services/settings';
import { createSupervisorService } from './services/supervisor';
import { createCallsService, tapAgentRecords } from './services/calls';
import { createEncryptedVault, createMemoryVault, createVaultFile } from './services/vault';
import { createElectronStoreSettingsStorage } from './desktop/electron-store-settings';
import { isTrustedSender, registerOnElectronIpcMain, sendEvent } from './desktop/ipc-main';
import { safeStorageCipher } from './desktop/safe-storage';
import { applyContentSecurityPolicy, guardNavigation, restrictPermissions } from './desktop/security';
import { claimSingleInstance } from './desktop/single-instance';
import { pickListFile } from './desktop/list-file-dialog';
import { loadRenderer, mainWindowOptions, rendererLocation, showAndFocus } from './desktop/window';

const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const location = rendererLocation(devServerUrl, join(import.meta.dirname, '../renderer/index.html'));
let mainWindow: BrowserWindow | null = null;

if (claimSingleInstance(app, () => showAndFocus(mainWindow))) {
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, location));
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(start);
}

function composeServices(): { services: AppServices; connectivity: ReturnType<typeof createConnectivity> } {
  const userData = app.getPath('userData');
  const settings = createSettingsService(
    createElectronStoreSettingsStorage({ open: () => new Store({ name: 'settings' }), filePath: join(userData, 'settings.json') }),
  );
  const vault = settings.get().tokenPolicy === 'memory-only'
    ? createMemoryVault('policy')
    : createEncryptedVault(safeStorageCipher(safeStorage, process.platform), createVaultFile(join(userData, 'secrets.json')));
  // Waking from sleep is a cue to re-register the phone at once (forwarded to the renderer as connectivity.changed).
  const connectivity = createConnectivity({
    os: {
      subscribe(listener) {
        const onResume = () => listener('resumed');
        powerMonitor.on('resume', onResume);
        return () => void powerMonitor.off('resume', onResume);
      },
    },
  });
  // npm start on the simulator passes the demo instance and agent (never saved).
  const { overrides, demoPassword } = overridesFromEnv(process.env);
  if (demoPassword && overrides.agent) vault.set(VAULT_KEYS.password(overrides.agent), demoPassword, false);
  const contexts = new Map<string, string>();
  const createApi = tapAgentRecords(createIntegraSessionApi, (record) => record && contexts.set(record.phone, record.context));
  const session = createSessionService({ settings, vault, overrides, connectivity, createApi });
  const supervisor = createSupervisorService({ session, files: { kind: 'dialog', pick: () => pickListFile(dialog, mainWindow) } });
  // Dispositions journal: <userData>/outbox/dispositions.jsonl (the single-instance lock keeps one writer).
  const calls = createCallsService({ session, dataDir: userData, agentContext: (phone) => contexts.get(phone) ?? null, connectivity });
  app.on('will-quit', () => void calls.close());
  return { services: { settings, vault, session, overrides, supervisor, calls }, connectivity };
}

async function start(): Promise<void> {
  applyContentSecurityPolicy(electronSession.defaultSession);
  restrictPermissions(electronSession.defaultSession, location);
  const { services, connectivity } = composeServices();

  mainWindow = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs')));
  const window = mainWindow;
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => (mainWindow = null));

  const dispatch = createDispatcher<IpcMainInvokeEvent>(createRequestHandlers(services), {
    isTrustedSender: (event) => isTrustedSender(event, () => mainWindow?.webContents.id, location),
    onUnexpectedError: (channel, error) => console.error(`IPC ${channel} failed:`, error instanceof Error ? error.message : error),
  });
  await registerOnElectronIpcMain(dispatch);
  forwardEvents(services, (event, payload) => sendEvent(mainWindow?.webContents, event, payload), connectivity);
  await loadRenderer(window, location, devServerUrl);
}
