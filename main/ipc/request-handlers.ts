// One handler per request channel: contract → service. Payloads arrive
// already parsed by handle(); services throw IpcFailure for typed errors.
import { IpcFailure } from '../../common/ipc-contract';
import type { AppServices } from './app-services';
import type { RequestHandlers } from './handle';
import { settingsView } from './settings-view';
import { guardChange, guardSettingsPatch } from './setting-guard';
import { createSupervisorHandlers } from './supervisor-handlers';
import { createCallsHandlers } from './calls-handlers';
import { createWorkstationHandlers } from './workstation-handlers';
import { createPhoneHandlers } from './phone-handlers';
import { SettingLockedError } from '../services/policy';
import { spokenFailure } from '../services/spoken-failure';
import { rememberSecret } from '../services/logging';
import { VAULT_KEYS } from '../services/session';

export function createRequestHandlers(services: AppServices): RequestHandlers {
  return {
    'settings.get': async () => settingsView(services),
    'settings.update': async ({ patch }) => {
      await guardSettingsPatch(patch, services.settings.get(), services.confirmSettingChange);
      try {
        services.settings.update(patch);
      } catch (error) {
        // It names the locked settings and says to ask IT.
        if (error instanceof SettingLockedError) throw new IpcFailure({ code: 'settings-failure', message: error.message, say: error.say });
        throw spokenFailure('settings-failure', 'settings.err.unsaved', { detail: (error as Error).message });
      }
      return settingsView(services);
    },
    // The credential goes to the vault (encrypted where the OS can), never to the settings file or back to the page.
    'settings.setIceCredential': async ({ urls, credential }) => {
      if (!credential) {
        services.vault.delete(VAULT_KEYS.iceCredential(urls));
        return { saved: false };
      }
      rememberSecret(credential);
      services.vault.set(VAULT_KEYS.iceCredential(urls), credential, true);
      return { saved: true };
    },
    'session.get': async () => services.session.view(),
    'session.signIn': async (request) => {
      // A CA file named on the sign-in form is trusted for the instance's TLS: the same gate as the setting.
      const currentCaFile = services.overrides.caFile ?? services.settings.get().caFile;
      if (request.caFile !== undefined) await guardChange({ key: 'caFile', from: currentCaFile, to: request.caFile }, services.confirmSettingChange);
      return services.session.signIn(request);
    },
    'session.signOut': (request) => services.session.signOut(request),
    ...createSupervisorHandlers(services.supervisor),
    ...createCallsHandlers(services.calls),
    ...createWorkstationHandlers(services.workstation),
    ...createPhoneHandlers(services.phone),
  };
}
