// Settings: loaded once, validated with zod, saved on every change. A corrupt
// or hand-broken file never stops the app: it is set aside, reported, and
// replaced by defaults.
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from '../../../common/ipc-contract';
import type { SettingsStorage } from './settings-storage';

export interface SettingsService {
  get(): Settings;
  /** Plain words on what went wrong while loading, or null. */
  readonly loadProblem: string | null;
  update(patch: SettingsPatch): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
}

export function createSettingsService(storage: SettingsStorage): SettingsService {
  const listeners = new Set<(settings: Settings) => void>();
  const loaded = load(storage);
  let current = loaded.settings;

  return {
    get: () => current,
    loadProblem: loaded.problem,
    update(patch) {
      const next = settingsSchema.parse({ ...current, ...patch });
      storage.write(next);
      current = next;
      for (const listener of [...listeners]) listener(current);
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function load(storage: SettingsStorage): { settings: Settings; problem: string | null } {
  let raw: unknown;
  try {
    raw = storage.read();
  } catch (error) {
    return recover(storage, (error as Error).message);
  }
  if (raw === undefined) return { settings: DEFAULT_SETTINGS, problem: null };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return recover(storage, 'the stored settings are not an object');
  // Missing keys (an older file) take their defaults; unknown keys are dropped.
  const migrated = migrateTokenStorage(raw as Record<string, unknown>);
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...migrated });
  if (parsed.success) {
    if (migrated !== raw) saveMigrated(storage, parsed.data);
    return { settings: parsed.data, problem: null };
  }
  const issue = parsed.error.issues[0];
  return recover(storage, `the setting "${issue?.path.join('.') ?? '?'}" is invalid (${issue?.message ?? 'unknown problem'})`);
}

const OLD_TOKEN_STORAGE_VALUES: readonly unknown[] = ['encrypted-disk', 'memory-only'];

/**
 * Files written by earlier builds named the token *storage* choice `tokenPolicy`;
 * that name now means which token each operation sends. An old value moves
 * to `tokenStorage` instead of failing validation (which would reset every
 * setting of the user). Returns the same object when there is nothing to do.
 */
export function migrateTokenStorage(raw: Record<string, unknown>): Record<string, unknown> {
  if (!OLD_TOKEN_STORAGE_VALUES.includes(raw['tokenPolicy'])) return raw;
  const { tokenPolicy, ...rest } = raw;
  return { ...rest, tokenStorage: rest['tokenStorage'] ?? tokenPolicy };
}

/** Best effort: the migrated settings are in use either way; the file is rewritten on the next change. */
function saveMigrated(storage: SettingsStorage, settings: Settings): void {
  try {
    storage.write(settings);
  } catch {
    // Kept in memory; the next successful update writes the new shape.
  }
}

function recover(storage: SettingsStorage, cause: string): { settings: Settings; problem: string } {
  let where: string | null = null;
  let saved = true;
  try {
    where = storage.setAside();
    storage.write(DEFAULT_SETTINGS);
  } catch {
    saved = false;
  }
  const kept = where ? ` The damaged file was kept as ${where}.` : '';
  const unsaved = saved ? '' : ' The defaults could not be saved either; check that the settings folder is writable.';
  return {
    settings: DEFAULT_SETTINGS,
    problem: `Settings could not be loaded: ${cause}. Default settings are in use; review them.${kept}${unsaved}`,
  };
}
