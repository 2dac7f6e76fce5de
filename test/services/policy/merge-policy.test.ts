import { describe, expect, it } from 'vitest';
import { isMessageKey, speak } from '../../../common/i18n/say';
import { checkPolicyUpdate, mergePolicy, parsePolicyText, POLICY_KEYS, SettingLockedError, type Policy } from '../../../main/services/policy';

interface AppSettings {
  instanceUrl: string;
  caFile: string;
  language: 'es' | 'en';
  autostart: boolean;
  rememberedAgent: string;
}

const DEFAULTS: AppSettings = { instanceUrl: '', caFile: '', language: 'es', autostart: true, rememberedAgent: '' };

function policy(json: unknown): Policy {
  const parsed = parsePolicyText(JSON.stringify(json));
  if (!parsed.ok) throw new Error(parsed.cause);
  return parsed.policy;
}

describe('mergePolicy', () => {
  const it_ = policy({
    values: { instanceUrl: 'https://acme.ucontactcloud.com', caFile: '/etc/ssl/acme.pem', language: 'en' },
    locked: ['instanceUrl', 'caFile'],
  });

  it('returns the user settings untouched without a policy', () => {
    const user: AppSettings = { ...DEFAULTS, language: 'en' };
    const merged = mergePolicy(user, null, DEFAULTS);
    expect(merged.settings).toEqual(user);
    expect([...merged.locked]).toEqual([]);
  });

  it('forces locked values over whatever the user saved', () => {
    const user = { ...DEFAULTS, instanceUrl: 'https://evil.example.com', caFile: '/tmp/other.pem' };
    const merged = mergePolicy(user, it_, DEFAULTS);
    expect(merged.settings.instanceUrl).toBe('https://acme.ucontactcloud.com');
    expect(merged.settings.caFile).toBe('/etc/ssl/acme.pem');
    expect([...merged.locked].sort()).toEqual(['caFile', 'instanceUrl']);
  });

  it('uses an unlocked value as a preset in place of the built-in default', () => {
    const merged = mergePolicy(DEFAULTS, it_, DEFAULTS);
    expect(merged.settings.language).toBe('en');
    expect(merged.fromPolicy.has('language')).toBe(true);
    expect(merged.locked.has('language')).toBe(false);
  });

  it("lets the user's own choice beat an unlocked preset", () => {
    const preset = policy({ values: { language: 'es', autostart: false } });
    const user: AppSettings = { ...DEFAULTS, language: 'en' };
    const merged = mergePolicy(user, preset, DEFAULTS);
    expect(merged.settings.language).toBe('en');
    expect(merged.settings.autostart).toBe(false); // user kept the default: the preset applies
    expect(merged.fromPolicy.has('language')).toBe(false);
  });

  it('never touches keys the policy does not mention', () => {
    const user = { ...DEFAULTS, rememberedAgent: 'ana.garcia' };
    expect(mergePolicy(user, it_, DEFAULTS).settings.rememberedAgent).toBe('ana.garcia');
  });

  it('can lock a boolean to false', () => {
    const merged = mergePolicy<AppSettings>({ ...DEFAULTS, autostart: true }, policy({ values: { autostart: false }, locked: ['autostart'] }), DEFAULTS);
    expect(merged.settings.autostart).toBe(false);
  });
});

describe('checkPolicyUpdate', () => {
  const locked = policy({ values: { instanceUrl: 'https://acme.ucontactcloud.com', language: 'es' }, locked: ['instanceUrl'] });

  it('refuses a change to a locked key with a clear error', () => {
    const result = checkPolicyUpdate({ instanceUrl: 'https://other.example.com' }, locked, '/etc/agent-softphone/policy.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(SettingLockedError);
    expect(result.error.keys).toEqual(['instanceUrl']);
    expect(result.error.message).toBe(
      'Saving settings failed: "Instance URL" is set by your IT department\'s policy (/etc/agent-softphone/policy.json) and cannot be changed here. Ask IT if it needs to change.',
    );
  });

  it('names the locked settings in Spanish too, every key IT can lock having a name', () => {
    const result = checkPolicyUpdate({ instanceUrl: 'https://other.example.com', autostart: true }, policy({ values: { instanceUrl: 'https://acme.ucontactcloud.com', autostart: false }, locked: ['instanceUrl', 'autostart'] }), null);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error.message).toBe(
      'Saving settings failed: "Instance URL", "Start when I sign in to the computer" are set by your IT department\'s policy and cannot be changed here. Ask IT if they need to change.',
    );
    expect(speak('es', result.error.say)).toBe(
      'No se guardó la configuración: "Dirección de la instancia", "Iniciar al entrar en el equipo" los fija la política de su departamento de TI y no se pueden cambiar aquí. Pida a TI que los cambie si hace falta.',
    );
    for (const key of POLICY_KEYS) expect(isMessageKey(`setting.${key}`), key).toBe(true);
  });

  it('allows unlocked keys, preset or not', () => {
    expect(checkPolicyUpdate({ language: 'en', rememberedAgent: 'x' }, locked)).toEqual({ ok: true });
  });

  it('allows sending the locked value unchanged (a form sends every field)', () => {
    expect(checkPolicyUpdate({ instanceUrl: 'https://acme.ucontactcloud.com', language: 'en' }, locked)).toEqual({ ok: true });
  });

  it('allows everything without a policy', () => {
    expect(checkPolicyUpdate({ instanceUrl: 'x' }, null)).toEqual({ ok: true });
  });
});

describe('policy on the token settings', () => {
  const it_ = policy({ values: { tokenStorage: 'memory-only', tokenPolicy: { getCampaigns: 'client' } }, locked: ['tokenPolicy'] });

  it('presets tokenStorage and the per-operation token policy', () => {
    const user = { tokenStorage: 'encrypted-disk' as const, tokenPolicy: {} };
    const merged = mergePolicy(user, it_, { tokenStorage: 'encrypted-disk', tokenPolicy: {} });
    expect(merged.settings).toEqual({ tokenStorage: 'memory-only', tokenPolicy: { getCampaigns: 'client' } });
  });

  it('treats an empty token policy read from disk (a new object) as the built-in default, so a preset applies', () => {
    const preset = policy({ values: { tokenPolicy: { dialerTask: 'agent' } } });
    const merged = mergePolicy({ tokenPolicy: JSON.parse('{}') as object }, preset, { tokenPolicy: {} });
    expect(merged.settings.tokenPolicy).toEqual({ dialerTask: 'agent' });
  });

  it('accepts the locked token policy sent back by a settings form, and refuses a different one', () => {
    expect(checkPolicyUpdate({ tokenPolicy: { getCampaigns: 'client' } }, it_).ok).toBe(true);
    expect(checkPolicyUpdate({ tokenPolicy: { getCampaigns: 'agent' } }, it_).ok).toBe(false);
  });

  it('refuses an unknown operation or token kind in the policy file', () => {
    expect(parsePolicyText(JSON.stringify({ values: { tokenPolicy: { sendFax: 'client' } } })).ok).toBe(false);
    expect(parsePolicyText(JSON.stringify({ values: { tokenPolicy: { getCampaigns: 'admin' } } })).ok).toBe(false);
    expect(parsePolicyText(JSON.stringify({ values: { tokenPolicy: 'memory-only' } })).ok).toBe(false);
  });
});
