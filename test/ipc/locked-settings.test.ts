// settings.update over the contract: a change to a setting IT locked is
// refused with a typed error that names it; nothing is stored.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../common/i18n/say';
import { DEFAULT_SETTINGS } from '../../common/ipc-contract';
import { createDispatcher, createRequestHandlers, type AppServices } from '../../main/ipc';
import { parsePolicyText, withPolicy } from '../../main/services/policy';
import { createJsonFileSettingsStorage, createSettingsService } from '../../main/services/settings';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('settings.update with an IT policy', () => {
  it('refuses a locked setting with a message naming it, and stores nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locked-settings-'));
    dirs.push(dir);
    const parsed = parsePolicyText(JSON.stringify({ values: { autostart: false }, locked: ['autostart'] }));
    if (!parsed.ok) throw new Error(parsed.cause);
    const settings = withPolicy(createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json'))), { policy: parsed.policy, source: '/etc/agent-softphone/policy.json', problem: null, note: null }, DEFAULT_SETTINGS);
    // Only settings.update is called here; the other services are never reached.
    const services = { settings, policy: settings } as unknown as AppServices;
    const dispatch = createDispatcher(createRequestHandlers(services), { isTrustedSender: () => true });

    const result = await dispatch('settings.update', { patch: { autostart: true } }, null);
    expect(result).toMatchObject({ ok: false, error: { code: 'settings-failure' } });
    if (!result.ok) {
      expect(result.error.message).toContain('"Start when I sign in to the computer"');
      expect(result.error.message).toContain('/etc/agent-softphone/policy.json');
      expect(result.error.message).not.toContain('could not be saved: Saving');
      // The page says it in Spanish from `say`, the setting named as the settings dialog's language has it.
      expect(result.error.say && speak('es', result.error.say)).toMatch(/^No se guardó la configuración: "Iniciar al entrar en el equipo" lo fija .*\(\/etc\/agent-softphone\/policy\.json\)/);
    }
    expect(settings.get().autostart).toBe(false);
    expect(() => readFileSync(join(dir, 'settings.json'), 'utf8')).toThrow();
  });
});
