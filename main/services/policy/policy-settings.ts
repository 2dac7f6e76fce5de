// Puts the IT policy in front of a settings service: reads see effective
// settings, writes to locked keys are refused. The result is the same service
// (every other member still works, through the prototype) plus what the UI
// needs to know about the policy, so it drops in where the service was used.
import type { LoadedPolicy } from './policy-file';
import { checkPolicyUpdate, mergePolicy, type PolicyControlled } from './merge-policy';
import type { PolicyKey } from './policy-schema';
import type { Say } from '../../../common/i18n/say';

export interface SettingsLike<S, P> {
  get(): S;
  update(patch: P): S;
  onChange(listener: (settings: S) => void): () => void;
}

export interface PolicyInfo {
  /** Keys the UI shows read-only, with a note that IT set them. */
  readonly locked: ReadonlySet<PolicyKey>;
  readonly fromPolicy: ReadonlySet<PolicyKey>;
  /** The policy file in force (or the broken one), or null. */
  readonly policySource: string | null;
  /** Why the policy file is broken, as message keys (the settings screen's banner; `english()` for the log and diagnostics), or null. */
  readonly policyProblem: Say | null;
}

type SettingsOf<T> = T extends SettingsLike<infer S, infer _P> ? S : never;

/** `update` throws `SettingLockedError` when the patch changes a locked key. */
export function withPolicy<T extends SettingsLike<PolicyControlled, never>>(
  service: T,
  loaded: LoadedPolicy,
  builtInDefaults: Partial<SettingsOf<T>> = {},
): T & PolicyInfo {
  type S = SettingsOf<T>;
  const inner = service as unknown as SettingsLike<S, Record<string, unknown>>;
  const effective = (settings: S) => mergePolicy(settings, loaded.policy, builtInDefaults);
  const first = effective(inner.get());
  const overrides: SettingsLike<S, Record<string, unknown>> & PolicyInfo = {
    locked: first.locked,
    fromPolicy: first.fromPolicy,
    policySource: loaded.source,
    policyProblem: loaded.problem,
    get: () => effective(inner.get()).settings,
    update(patch) {
      const check = checkPolicyUpdate(patch, loaded.policy, loaded.source);
      if (!check.ok) throw check.error;
      // Locked keys are never stored: if IT lifts a lock, the user's own value returns.
      const stored = Object.fromEntries(Object.entries(patch).filter(([key]) => !first.locked.has(key as PolicyKey)));
      return effective(inner.update(stored)).settings;
    },
    onChange: (listener) => inner.onChange((settings) => listener(effective(settings).settings)),
  };
  const wrapped = Object.create(service) as T;
  return Object.assign(wrapped, overrides);
}
