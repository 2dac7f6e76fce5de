import type { SettingsView } from '../../common/ipc-contract';
import { CONFIRMED_SETTINGS, IT_ONLY_SETTINGS } from '../../common/ipc/protected-settings';
import { signInDefaults } from '../services/session';
import type { AppServices } from './app-services';

export function settingsView(services: AppServices): SettingsView {
  const settings = services.settings.get();
  const problems = [services.settings.loadProblem, services.vault.loadProblem].filter((p): p is string => p !== null);
  return {
    settings,
    secretStorage: settings.tokenStorage === 'memory-only' && services.vault.storage.mode === 'encrypted'
      ? { mode: 'memory-only', reason: 'policy' }
      : services.vault.storage,
    signInDefaults: signInDefaults(settings, services.vault, services.overrides),
    loadProblem: problems.length > 0 ? problems.join(' ') : null,
    policy: { locked: [...services.policy.locked], problem: services.policy.policyProblem },
    fixed: [...IT_ONLY_SETTINGS, ...(services.confirmSettingChange ? [] : CONFIRMED_SETTINGS)],
    shortcutProblems: [...services.workstation.shortcutProblems],
  };
}
