// The bridge's gate for protected settings (common/ipc/protected-settings.ts):
// a request from the page that changes one is refused, or asked about in
// main's own window first. Clearing a value only takes trust away, so it
// needs no question.
import { isConfirmedSetting, isItOnlySetting, type ConfirmedSetting } from '../../common/ipc/protected-settings';
import type { SettingsPatch } from '../../common/ipc-contract';
import { spokenFailure } from '../services/spoken-failure';

export interface SettingChange {
  readonly key: ConfirmedSetting;
  readonly from: string;
  readonly to: string;
}

/** Asks the person at the computer in a window main owns (not the page); true = make the change. */
export type ConfirmSettingChange = (change: SettingChange) => Promise<boolean>;

/**
 * Throws a spoken failure unless every protected key the patch changes may change: never the
 * IT-only ones; the confirmed ones after `confirm` said yes (none in the browser host).
 */
export async function guardSettingsPatch(patch: SettingsPatch, current: Readonly<Record<string, unknown>>, confirm: ConfirmSettingChange | undefined): Promise<void> {
  const changed = Object.entries(patch).filter(([key, value]) => value !== undefined && value !== current[key]);
  const itOnly = changed.filter(([key]) => isItOnlySetting(key)).map(([key]) => key);
  if (itOnly.length > 0) throw spokenFailure('settings-failure', 'settings.err.itOnly', { settings: itOnly.join(',') });
  for (const [key, value] of changed) {
    if (isConfirmedSetting(key) && typeof value === 'string') await guardChange({ key, from: String(current[key] ?? ''), to: value }, confirm);
  }
}

/** The same gate for one value (the CA file a sign-in names). */
export async function guardChange(change: SettingChange, confirm: ConfirmSettingChange | undefined): Promise<void> {
  const to = change.to.trim();
  if (to === '' || to === change.from) return;
  if (!confirm) throw spokenFailure('settings-failure', 'settings.err.setAtStart', { settings: change.key }, change.key);
  if (!(await confirm({ ...change, to }))) throw spokenFailure('settings-failure', 'settings.err.notConfirmed', { settings: change.key }, change.key);
}
