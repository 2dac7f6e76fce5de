import { DEFAULT_SETTINGS, type Settings, type SignInDefaults } from '../../../common/ipc-contract';
import type { TokenVault } from '../vault';
import type { LaunchOverrides } from './launch-overrides';
import { VAULT_KEYS } from './vault-keys';

/** What the sign-in form starts with: launch overrides first, then the settings. */
export function signInDefaults(settings: Settings, vault: TokenVault, overrides: LaunchOverrides): SignInDefaults {
  const agent = overrides.agent ?? settings.rememberedAgent;
  return {
    instanceUrl: overrides.instanceUrl ?? settings.instanceUrl,
    agent,
    apiUser: settings.rememberedApiUser,
    sipUrl: overrides.sipUrl ?? (settings.sipWsUrlTemplate !== DEFAULT_SETTINGS.sipWsUrlTemplate ? settings.sipWsUrlTemplate : ''),
    caFile: overrides.caFile ?? settings.caFile,
    passwordRemembered: agent !== '' && vault.get(VAULT_KEYS.password(agent)) !== undefined,
  };
}
