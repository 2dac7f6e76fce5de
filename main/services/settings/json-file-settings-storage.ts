// Settings as a JSON file (browser mode, and any plain-Node use).
import { existsSync, renameSync } from 'node:fs';
import type { Settings } from '../../../common/ipc-contract';
import { asidePath, readIfExists, writeAtomic } from './atomic-file';
import { UnreadableSettingsError, type SettingsStorage } from './settings-storage';

export function createJsonFileSettingsStorage(path: string, now: () => Date = () => new Date()): SettingsStorage {
  return {
    read() {
      let bytes: Buffer | undefined;
      try {
        bytes = readIfExists(path);
      } catch (error) {
        throw new UnreadableSettingsError((error as Error).message);
      }
      if (bytes === undefined) return undefined;
      try {
        return JSON.parse(bytes.toString('utf8')) as unknown;
      } catch (error) {
        throw new UnreadableSettingsError(`the file ${path} is not valid JSON (${(error as Error).message})`);
      }
    },
    write(settings: Settings) {
      writeAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
    },
    setAside() {
      if (!existsSync(path)) return null;
      const target = asidePath(path, now());
      renameSync(path, target);
      return target;
    },
  };
}
