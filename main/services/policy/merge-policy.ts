// Effective settings = the user's settings with IT's policy applied.
// - A locked key always takes the policy's value and cannot be changed.
// - An unlocked policy value is a preset: it replaces the app's built-in
//   default, but a value the user chose (one that differs from the built-in
//   default) wins.
import { english, type Spoken } from '../../../common/i18n/say';
import { POLICY_KEYS, type Policy, type PolicyKey, type PolicyValues } from './policy-schema';

export type PolicyControlled = { [K in PolicyKey]?: PolicyValues[K] };

export interface EffectiveSettings<S extends PolicyControlled> {
  readonly settings: S;
  /** Keys the UI must show read-only. */
  readonly locked: ReadonlySet<PolicyKey>;
  /** Keys whose value comes from the policy (locked or preset). */
  readonly fromPolicy: ReadonlySet<PolicyKey>;
}

export function mergePolicy<S extends PolicyControlled>(
  user: S,
  policy: Policy | null,
  builtInDefaults: NoInfer<Partial<S>> = {},
): EffectiveSettings<S> {
  if (!policy) return { settings: user, locked: new Set(), fromPolicy: new Set() };
  const locked = new Set(policy.locked);
  const fromPolicy = new Set<PolicyKey>();
  const overrides: PolicyControlled = {};
  for (const key of POLICY_KEYS) {
    const value = policy.values[key];
    if (value === undefined) continue;
    const userChose = key in user && user[key] !== undefined && !sameSetting(user[key], builtInDefaults[key]);
    if (locked.has(key) || !userChose) {
      setValue(overrides, key, value);
      fromPolicy.add(key);
    }
  }
  return { settings: { ...user, ...overrides }, locked, fromPolicy };
}

function setValue<K extends PolicyKey>(target: PolicyControlled, key: K, value: PolicyValues[K]): void {
  target[key] = value;
}

/** A change to a setting IT has locked. Its message (and `say`, for the page) is for the person who tried. */
export class SettingLockedError extends Error {
  override readonly name = 'SettingLockedError';
  readonly say: Spoken;
  constructor(
    readonly keys: readonly PolicyKey[],
    readonly source: string | null,
  ) {
    const say = {
      key: keys.length === 1 ? 'settings.err.locked.one' : 'settings.err.locked.many',
      params: { settings: keys.join(','), where: source ? ` (${source})` : '' },
    };
    super(english(say));
    this.say = say;
  }
}

/**
 * Refuses a patch that changes a locked key. Sending the locked value itself
 * is allowed (a settings form sends every field back).
 */
export function checkPolicyUpdate(
  patch: Readonly<Record<string, unknown>>,
  policy: Policy | null,
  source: string | null = null,
): { ok: true } | { ok: false; error: SettingLockedError } {
  if (!policy) return { ok: true };
  const refused = policy.locked.filter((key) => key in patch && patch[key] !== undefined && !sameSetting(patch[key], policy.values[key]));
  return refused.length === 0 ? { ok: true } : { ok: false, error: new SettingLockedError(refused, source) };
}

/** Settings are plain JSON values; an object setting (the token policy) compares by content, keys in any order. */
export function sameSetting(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}
