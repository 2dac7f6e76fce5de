import type { CallsService } from '../services/calls';
import type { PhoneService } from '../services/phone';
import type { SessionApi, SessionService, LaunchOverrides } from '../services/session';
import type { SettingsService } from '../services/settings';
import type { SupervisorService } from '../services/supervisor';
import type { TokenVault } from '../services/vault';
import type { PolicyInfo } from '../services/policy';
import type { WorkstationPort } from '../services/workstation';
import type { ConfirmSettingChange } from './setting-guard';

/** The services the handlers reach; composed by main/index.ts or main/browser-host.ts. */
export interface AppServices {
  settings: SettingsService;
  vault: TokenVault;
  session: SessionService<SessionApi>;
  overrides: LaunchOverrides;
  supervisor: SupervisorService;
  calls: CallsService;
  /** The phone's outage requests: watching its SIP server, renewing the login after a re-registration. */
  phone: PhoneService;
  /** IT's policy as applied to `settings` (locked keys, the file and its problem). */
  policy: PolicyInfo;
  workstation: WorkstationPort;
  /**
   * Main's own confirmation of a protected setting the page asks to change (Electron: a native
   * dialog). Absent in the browser host: there those settings come from the policy file or the command line.
   */
  confirmSettingChange?: ConfirmSettingChange;
}
