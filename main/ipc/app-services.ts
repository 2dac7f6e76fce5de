import type { CallsService } from '../services/calls';
import type { SessionApi, SessionService, LaunchOverrides } from '../services/session';
import type { SettingsService } from '../services/settings';
import type { SupervisorService } from '../services/supervisor';
import type { TokenVault } from '../services/vault';
import type { PolicyInfo } from '../services/policy';
import type { WorkstationPort } from '../services/workstation';

/** The services the handlers reach; composed by main/index.ts or main/browser-host.ts. */
export interface AppServices {
  settings: SettingsService;
  vault: TokenVault;
  session: SessionService<SessionApi>;
  overrides: LaunchOverrides;
  supervisor: SupervisorService;
  calls: CallsService;
  /** IT's policy as applied to `settings` (locked keys, the file and its problem). */
  policy: PolicyInfo;
  workstation: WorkstationPort;
}
