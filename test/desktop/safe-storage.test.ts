import { describe, expect, it } from 'vitest';
import { safeStorageCipher } from '../../main/desktop/safe-storage';

function fakeSafeStorage(available: boolean, backend: string) {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend as never,
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('hex')}`),
    decryptString: (data: Buffer) => Buffer.from(data.toString().slice(4), 'hex').toString(),
  };
}

describe('safeStorage as the vault cipher', () => {
  it.each([
    [true, 'gnome_libsecret', 'linux', { available: true }],
    [true, 'kwallet5', 'linux', { available: true }],
    [true, 'basic_text', 'linux', { available: false, reason: 'basic-text' }],
    [false, 'unknown', 'linux', { available: false, reason: 'unavailable' }],
    [false, 'unknown', 'win32', { available: false, reason: 'unavailable' }],
    [true, 'unknown', 'darwin', { available: true }],
  ])('available=%s backend=%s on %s → %j', (available, backend, platform, expected) => {
    expect(safeStorageCipher(fakeSafeStorage(available, backend), platform as NodeJS.Platform).availability()).toEqual(expected);
  });

  it('round-trips through encryptString/decryptString', () => {
    const cipher = safeStorageCipher(fakeSafeStorage(true, 'gnome_libsecret'), 'linux');
    const sealed = cipher.encrypt('secret-token');
    expect(Buffer.from(sealed).toString()).not.toContain('secret-token');
    expect(cipher.decrypt(sealed)).toBe('secret-token');
  });
});
