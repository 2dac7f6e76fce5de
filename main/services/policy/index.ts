export { loadPolicy, parsePolicyText, systemPolicyPath, POLICY_ENV_VAR, type LoadedPolicy } from './policy-file';
export { mergePolicy, checkPolicyUpdate, SettingLockedError, type EffectiveSettings, type PolicyControlled } from './merge-policy';
export { withPolicy, type PolicyInfo, type SettingsLike } from './policy-settings';
export { policySchema, POLICY_KEYS, type Policy, type PolicyKey, type PolicyValues } from './policy-schema';
