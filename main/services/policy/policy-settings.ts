// Puts the IT policy in front of a settings service: reads see effective
// settings, writes to locked keys are refused. Structural, so it wraps the
// app's settings service without knowing more of it than these three methods.
import type { LoadedPolicy } from './policy-file';
import { checkPolicyUpdate, mergePolicy, type PolicyControlled } from './merge-policy';
import type { PolicyKey } from './policy-schema';

export interface SettingsLike<S, P> {
  get(): S;
  update(patch: P): S;
  onChange(listener: (settings: S) => void): () => void;
}

export interface PolicySettings<S, P> extends SettingsLike<S, P> {
  /** Keys the UI shows read-only, with a note that IT set them. */
  readonly locked: ReadonlySet<PolicyKey>;
  readonly fromPolicy: ReadonlySet<PolicyKey>;
  /** The policy file in force (or the broken one), or null. */
  readonly policySource: string | null;
  /** Plain words on a broken policy file, for a banner and diagnostics; or null. */
  readonly policyProblem: string | null;
}

/** `update` throws `SettingLockedError` when the patch changes a locked key. */
export function withPolicy<S extends PolicyControlled, P extends object>(
  service: SettingsLike<S, P>,
  loaded: LoadedPolicy,
  builtInDefaults: Partial<S> = {},
): PolicySettings<S, P> {
  const effective = (settings: S) => mergePolicy(settings, loaded.policy, builtInDefaults);
  const first = effective(service.get());
  return {
    locked: first.locked,
    fromPolicy: first.fromPolicy,
    policySource: loaded.source,
    policyProblem: loaded.problem,
    get: () => effective(service.get()).settings,
    update(patch) {
      const check = checkPolicyUpdate(patch as Record<string, unknown>, loaded.policy, loaded.source);
      if (!check.ok) throw check.error;
      // Locked keys are never stored: if IT lifts a lock, the user's own value returns.
      const stored = Object.fromEntries(Object.entries(patch).filter(([key]) => !first.locked.has(key as PolicyKey))) as P;
      return effective(service.update(stored)).settings;
    },
    onChange: (listener) => service.onChange((settings) => listener(effective(settings).settings)),
  };
}
