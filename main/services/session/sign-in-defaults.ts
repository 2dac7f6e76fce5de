import { DEFAULT_SETTINGS, type Settings, type SignInDefaults } from '../../../common/ipc-contract';
import type { TokenVault } from '../vault';
import type { LaunchOverrides } from './launch-overrides';
import { instanceOrigin } from './instance-origin';
import { VAULT_KEYS } from './vault-keys';

/** What the sign-in form starts with: launch overrides first, then the settings. */
export function signInDefaults(settings: Settings, vault: TokenVault, overrides: LaunchOverrides): SignInDefaults {
  const agent = overrides.agent ?? settings.rememberedAgent;
  const instanceUrl = overrides.instanceUrl ?? settings.instanceUrl;
  return {
    instanceUrl,
    agent,
    apiUser: settings.rememberedApiUser,
    sipUrl: overrides.sipUrl ?? (settings.sipWsUrlTemplate !== DEFAULT_SETTINGS.sipWsUrlTemplate ? settings.sipWsUrlTemplate : ''),
    caFile: overrides.caFile ?? settings.caFile,
    passwordRemembered: agent !== '' && rememberedFor(vault, instanceUrl, agent),
  };
}

/** Whether the vault holds a password for this agent on this instance (none for an address the app refuses). */
function rememberedFor(vault: TokenVault, instanceUrl: string, agent: string): boolean {
  try {
    return vault.get(VAULT_KEYS.password(instanceOrigin(instanceUrl), agent)) !== undefined;
  } catch {
    return false;
  }
}
