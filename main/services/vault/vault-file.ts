import { rmSync } from 'node:fs';
import { readIfExists, writeAtomic } from '../settings/atomic-file';
import type { VaultFile } from './token-vault';

/** The vault's bytes in one owner-only file. */
export function createVaultFile(path: string): VaultFile {
  return {
    read: () => readIfExists(path),
    write: (data) => writeAtomic(path, data),
    remove: () => rmSync(path, { force: true }),
  };
}
