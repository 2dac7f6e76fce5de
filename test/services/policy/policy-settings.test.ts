import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/ipc-contract';
import { createJsonFileSettingsStorage, createSettingsService, type SettingsService } from '../../../main/services/settings';
import { parsePolicyText, SettingLockedError, withPolicy, type LoadedPolicy, type SettingsLike } from '../../../main/services/policy';
import { english, speak } from '../../../common/i18n/say';

interface AppSettings {
  instanceUrl: string;
  language: 'es' | 'en';
  autostart: boolean;
}
const DEFAULTS: AppSettings = { instanceUrl: '', language: 'es', autostart: true };

/** A settings service like the app's: keeps what it is given and tells listeners. */
function memorySettings(initial: AppSettings): SettingsLike<AppSettings, Partial<AppSettings>> & { stored: () => AppSettings } {
  let current = initial;
  const listeners = new Set<(s: AppSettings) => void>();
  return {
    stored: () => current,
    get: () => current,
    update(patch) {
      current = { ...current, ...patch };
      for (const listener of listeners) listener(current);
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function loaded(json: unknown): LoadedPolicy {
  const parsed = parsePolicyText(JSON.stringify(json));
  if (!parsed.ok) throw new Error(parsed.cause);
  return { policy: parsed.policy, source: '/etc/agent-softphone/policy.json', problem: null, note: null };
}

describe('withPolicy', () => {
  const policy = loaded({ values: { instanceUrl: 'https://acme.example.com', language: 'en' }, locked: ['instanceUrl'] });

  it('shows effective settings and which keys are locked', () => {
    const settings = withPolicy(memorySettings(DEFAULTS), policy, DEFAULTS);
    expect(settings.get()).toEqual({ instanceUrl: 'https://acme.example.com', language: 'en', autostart: true });
    expect([...settings.locked]).toEqual(['instanceUrl']);
    expect(settings.policySource).toBe('/etc/agent-softphone/policy.json');
  });

  it('refuses to change a locked key and stores nothing', () => {
    const inner = memorySettings(DEFAULTS);
    const settings = withPolicy(inner, policy, DEFAULTS);
    expect(() => settings.update({ instanceUrl: 'https://other.example.com', language: 'es' })).toThrow(SettingLockedError);
    expect(inner.stored()).toEqual(DEFAULTS);
  });

  it('saves unlocked keys, drops the locked value a form sends back, and notifies with effective settings', () => {
    const inner = memorySettings(DEFAULTS);
    const settings = withPolicy(inner, policy, DEFAULTS);
    const seen: AppSettings[] = [];
    settings.onChange((s) => seen.push(s));
    const result = settings.update({ instanceUrl: 'https://acme.example.com', autostart: false });
    expect(result).toEqual({ instanceUrl: 'https://acme.example.com', language: 'en', autostart: false });
    expect(inner.stored()).toEqual({ ...DEFAULTS, autostart: false });
    expect(seen).toEqual([result]);
  });

  it('passes a broken policy problem through and changes nothing', () => {
    const problem = { key: 'policy.problem.unusable', params: { path: '/etc/agent-softphone/policy.json', cause: 'it is not JSON' } };
    const broken: LoadedPolicy = { policy: null, source: '/etc/agent-softphone/policy.json', problem, note: null };
    const settings = withPolicy(memorySettings(DEFAULTS), broken, DEFAULTS);
    expect(settings.get()).toEqual(DEFAULTS);
    // English for the log and diagnostics, the keys for the page (in the user's language).
    expect(settings.policyProblem && english(settings.policyProblem)).toBe('The IT policy file /etc/agent-softphone/policy.json could not be used: it is not JSON. The app runs without it; ask IT to fix the file.');
    expect(settings.policyProblem).toEqual(problem);
    expect(speak('es', problem)).toBe('El archivo de política de TI /etc/agent-softphone/policy.json no se pudo usar: it is not JSON. La aplicación funciona sin él; pida a TI que corrija el archivo.');
    expect(settings.update({ instanceUrl: 'https://x.example.com' }).instanceUrl).toBe('https://x.example.com');
  });
});

describe("withPolicy around the app's settings service", () => {
  it('drops in where the service was used: same members, policy applied, locked changes refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-settings-'));
    try {
      const real = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
      const policy = loaded({ values: { instanceUrl: 'https://acme.example.com', language: 'en' }, locked: ['instanceUrl'] });
      const settings: SettingsService = withPolicy(real, policy, DEFAULT_SETTINGS);
      expect(settings.loadProblem).toBeNull();
      expect(settings.get()).toMatchObject({ instanceUrl: 'https://acme.example.com', language: 'en', sipRealm: 'asterisk' });
      expect(() => settings.update({ instanceUrl: 'https://evil.example.com' })).toThrow(/set by your IT department's policy/);
      expect(settings.update({ rememberedAgent: 'ana.garcia' })).toMatchObject({ rememberedAgent: 'ana.garcia', instanceUrl: 'https://acme.example.com' });
      expect(real.get()).toMatchObject({ rememberedAgent: 'ana.garcia', instanceUrl: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
