// Secrets on disk are encrypted, and nothing secret is written when the OS
// offers no (real) encryption. The cipher is a fake of Electron's safeStorage.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedVault, createVaultFile, type CipherAvailability, type SecretCipher } from '../../../main/services/vault';

const TOKEN = 'dG9rZW4tYWdlbnQtc2VjcmV0LTEyMzQ1Njc4OQ==';
const PASSWORD = 'S3cret-Passw0rd!';

/** XOR with a key plus a header, like safeStorage's "v10" prefix: ciphertext never contains the plaintext. */
function fakeCipher(availability: CipherAvailability = { available: true }): SecretCipher & { calls: number } {
  const key = 0x5a;
  const cipher = {
    calls: 0,
    availability: () => availability,
    encrypt(plain: string) {
      cipher.calls += 1;
      const bytes = Buffer.from(plain, 'utf8').map((b) => b ^ key);
      return Buffer.concat([Buffer.from('v10'), bytes]);
    },
    decrypt(data: Uint8Array) {
      const buffer = Buffer.from(data);
      if (buffer.subarray(0, 3).toString() !== 'v10') throw new Error('not ours');
      return Buffer.from(buffer.subarray(3).map((b) => b ^ key)).toString('utf8');
    },
  };
  return cipher;
}

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vault-test-'));
  path = join(dir, 'vault.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function everyFileText(): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

describe('token vault with OS encryption', () => {
  it('writes persistent secrets encrypted: neither the text nor its base64 is on disk', () => {
    const cipher = fakeCipher();
    const vault = createEncryptedVault(cipher, createVaultFile(path));
    vault.set('agent-token', TOKEN, true);
    vault.set('password:ana.garcia', PASSWORD, true);
    expect(vault.storage).toEqual({ mode: 'encrypted', reason: null });
    const disk = everyFileText();
    expect(disk.length).toBeGreaterThan(0);
    for (const secret of [TOKEN, PASSWORD]) {
      expect(disk).not.toContain(secret);
      expect(disk).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(cipher.calls).toBeGreaterThan(0);
  });

  it('reads the secrets back after a restart', () => {
    const first = createEncryptedVault(fakeCipher(), createVaultFile(path));
    first.set('agent-token', TOKEN, true);
    const second = createEncryptedVault(fakeCipher(), createVaultFile(path));
    expect(second.get('agent-token')).toBe(TOKEN);
    expect(second.loadProblem).toBeNull();
  });

  it('keeps non-persistent secrets in memory only', () => {
    const vault = createEncryptedVault(fakeCipher(), createVaultFile(path));
    vault.set('agent-token', TOKEN, false);
    expect(vault.get('agent-token')).toBe(TOKEN);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the file when the last persistent secret is deleted', () => {
    const vault = createEncryptedVault(fakeCipher(), createVaultFile(path));
    vault.set('agent-token', TOKEN, true);
    vault.delete('agent-token');
    expect(vault.get('agent-token')).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('discards and reports a vault file that cannot be decrypted', () => {
    const vault = createEncryptedVault(fakeCipher(), createVaultFile(path));
    vault.set('agent-token', TOKEN, true);
    const other: SecretCipher = { ...fakeCipher(), decrypt: () => { throw new Error('key changed'); } };
    const reopened = createEncryptedVault(other, createVaultFile(path));
    expect(reopened.get('agent-token')).toBeUndefined();
    expect(reopened.loadProblem).toMatch(/could not be decrypted/);
  });
});

describe.each([
  ['safeStorage is unavailable', { available: false, reason: 'unavailable' } as const],
  ['Linux uses the basic_text backend', { available: false, reason: 'basic-text' } as const],
])('token vault when %s', (_case, availability) => {
  it('writes nothing, keeps secrets in memory and says so', () => {
    const cipher = fakeCipher(availability);
    const vault = createEncryptedVault(cipher, createVaultFile(path));
    vault.set('agent-token', TOKEN, true);
    vault.set('password:ana.garcia', PASSWORD, true);
    expect(vault.get('password:ana.garcia')).toBe(PASSWORD);
    expect(vault.storage).toEqual({ mode: 'memory-only', reason: availability.reason });
    expect(readdirSync(dir)).toEqual([]);
    expect(cipher.calls).toBe(0);
  });
});
