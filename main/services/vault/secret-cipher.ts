/**
 * The OS encryption the vault relies on (Electron's safeStorage behind an
 * adapter in main/desktop). Only a cipher that says it is available, and is
 * not Linux's `basic_text` fallback (a hard-coded key), may protect data on disk.
 */
export interface SecretCipher {
  availability(): CipherAvailability;
  encrypt(plain: string): Uint8Array;
  decrypt(data: Uint8Array): string;
}

export type CipherAvailability = { available: true } | { available: false; reason: 'unavailable' | 'basic-text' };
