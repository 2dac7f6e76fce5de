// Electron's safeStorage as the vault's cipher. On Linux the "basic_text"
// backend encrypts with a hard-coded key: as good as plaintext, so the vault
// treats it as unavailable and keeps secrets in memory.
import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../services/vault';

type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  getSelectedStorageBackend?: SafeStorage['getSelectedStorageBackend'];
};

export function safeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretCipher {
  return {
    availability() {
      if (!safeStorage.isEncryptionAvailable()) return { available: false, reason: 'unavailable' };
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return { available: false, reason: 'basic-text' };
      return { available: true };
    },
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(Buffer.from(data)),
  };
}
