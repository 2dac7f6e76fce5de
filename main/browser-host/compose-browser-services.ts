// The same services as Electron, composed for browser mode: settings in a
// JSON file, secrets in memory only, the real Integra client.
import { join } from 'node:path';
import type { BackoffPolicy } from '../../common/backoff';
import { createConnectivity, type Connectivity } from '../services/connectivity';
import { createIntegraSessionApi, createSessionService, VAULT_KEYS, type LaunchOverrides } from '../services/session';
import { createSupervisorService } from '../services/supervisor';
import { createCallsService, tapAgentRecords } from '../services/calls';
import { createJsonFileSettingsStorage, createSettingsService } from '../services/settings';
import { createMemoryVault } from '../services/vault';
import type { AppServices } from '../ipc';

export interface BrowserServicesOptions {
  dataDir: string;
  overrides?: LaunchOverrides;
  /** Passwords main holds for this run (the demo agent on the simulator); never sent to the page. */
  rememberedPasswords?: Record<string, string>;
  /** Dispositions outbox retry schedule (tests shorten it). */
  outboxBackoff?: BackoffPolicy;
}

export function composeBrowserServices(options: BrowserServicesOptions): { services: AppServices; connectivity: Connectivity } {
  const settings = createSettingsService(createJsonFileSettingsStorage(join(options.dataDir, 'settings.json')));
  const vault = createMemoryVault('browser-mode');
  for (const [agent, password] of Object.entries(options.rememberedPasswords ?? {})) vault.set(VAULT_KEYS.password(agent), password, false);
  const connectivity = createConnectivity();
  const overrides = options.overrides ?? {};
  const contexts = new Map<string, string>();
  const createApi = tapAgentRecords(createIntegraSessionApi, (record) => record && contexts.set(record.phone, record.context));
  const session = createSessionService({ settings, vault, overrides, connectivity, createApi });
  // Browser mode has no native dialog: the person types the list's path (docs/ASSUMPTIONS.md, Supervisor).
  const supervisor = createSupervisorService({ session, files: { kind: 'typed-path' } });
  // The dispositions journal lives in this host's own data folder (never shared with an Electron profile).
  const calls = createCallsService({ session, dataDir: options.dataDir, agentContext: (phone) => contexts.get(phone) ?? null, connectivity, ...(options.outboxBackoff ? { outboxBackoff: options.outboxBackoff } : {}) });
  return { services: { settings, vault, session, overrides, supervisor, calls }, connectivity };
}
