// Settings in Electron: electron-store behind the SettingsStorage interface.
// electron-store throws on a file that is not JSON; that becomes an
// UnreadableSettingsError, the service sets the file aside and starts over.
// electron-store reads the file with a plain blocking read, so the file is
// first checked here the one safe way (a regular file of at most
// MAX_STATE_FILE_BYTES): a FIFO in its place is set aside, never handed to it.
import { existsSync, renameSync } from 'node:fs';
import type { Settings } from '../../common/ipc-contract';
import { MAX_STATE_FILE_BYTES, readRegularFileSync, RefusedFileError } from '../services/files';
import { asidePath, UnreadableSettingsError, type SettingsStorage } from '../services/settings';

/** The part of an electron-store instance used here. */
export interface StoreLike {
  store: Record<string, unknown>;
}

export interface ElectronStorePorts {
  /** `() => new Store(SETTINGS_STORE_OPTIONS)` in main/index.ts. */
  open(): StoreLike;
  /** The store's file (Store#path); known before opening so a broken one can be moved. */
  filePath: string;
  now?: () => Date;
}

/**
 * How main opens the settings store: `settings.json`, owner-only (docs/SECURITY.md: 0600;
 * electron-store's default is 0666 less the umask, i.e. 0644).
 */
export const SETTINGS_STORE_OPTIONS = { name: 'settings', configFileMode: 0o600 } as const;

export function createElectronStoreSettingsStorage(ports: ElectronStorePorts): SettingsStorage {
  let store: StoreLike | undefined;
  const opened = (): StoreLike => (store ??= ports.open());
  return {
    read() {
      const checked = readRegularFileSync(ports.filePath, MAX_STATE_FILE_BYTES);
      if (!checked.ok && checked.problem === 'missing') return undefined;
      if (!checked.ok) throw new UnreadableSettingsError(new RefusedFileError(ports.filePath, checked).message);
      try {
        return { ...opened().store };
      } catch (error) {
        throw new UnreadableSettingsError(`the file ${ports.filePath} could not be read (${(error as Error).message})`);
      }
    },
    write(settings: Settings) {
      opened().store = { ...settings };
    },
    setAside() {
      store = undefined;
      if (!existsSync(ports.filePath)) return null;
      const target = asidePath(ports.filePath, (ports.now ?? (() => new Date()))());
      renameSync(ports.filePath, target);
      return target;
    },
  };
}
