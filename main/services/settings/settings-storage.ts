import type { Settings } from '../../../common/ipc-contract';

/**
 * Where settings live: electron-store in Electron, a JSON file in browser
 * mode. The service validates what `read` returns; storage only moves bytes.
 */
export interface SettingsStorage {
  /** The stored value, or undefined when nothing was stored yet. Throws `UnreadableSettingsError` when the data cannot be parsed at all. */
  read(): unknown;
  write(settings: Settings): void;
  /** Moves the stored data aside (kept for a person to inspect); returns where it went, or null if there was nothing to move. */
  setAside(): string | null;
}

export class UnreadableSettingsError extends Error {
  override readonly name = 'UnreadableSettingsError';
}
