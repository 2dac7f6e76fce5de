// Secrets main keeps: API tokens and, when the agent asks, the password.
// Everything lives in memory; entries marked persistent are also written to
// disk, encrypted with the OS cipher. Without a usable cipher nothing secret
// is written at all (we refuse rather than fall back to plaintext).
import { z } from 'zod';
import type { SecretStorage } from '../../../common/ipc-contract';
import type { CipherAvailability, SecretCipher } from './secret-cipher';

export interface TokenVault {
  /** How secrets are kept right now (shown to the agent when memory-only). */
  readonly storage: SecretStorage;
  get(key: string): string | undefined;
  /** `persist` asks for the entry to survive a restart; honoured only with encryption. */
  set(key: string, value: string, persist: boolean): void;
  delete(key: string): void;
  /** A problem met while reading the vault file, or null. */
  readonly loadProblem: string | null;
}

/** Bytes on disk for the vault; a port so tests need no file system. */
export interface VaultFile {
  /** undefined when there is no file; throws when there is one that cannot be used. */
  read(): Uint8Array | undefined;
  write(data: Uint8Array): void;
  remove(): void;
}

const vaultFileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });

export function createMemoryVault(reason: NonNullable<SecretStorage['reason']> = 'browser-mode'): TokenVault {
  const entries = new Map<string, string>();
  return {
    storage: { mode: 'memory-only', reason },
    get: (key) => entries.get(key),
    set: (key, value) => void entries.set(key, value),
    delete: (key) => void entries.delete(key),
    loadProblem: null,
  };
}

export function createEncryptedVault(cipher: SecretCipher, file: VaultFile): TokenVault {
  const availability: CipherAvailability = safeAvailability(cipher);
  if (!availability.available) return createMemoryVault(availability.reason);

  const memory = new Map<string, string>();
  const persistent = new Set<string>();
  const loadProblem = loadInto(cipher, file, memory, persistent);

  const save = (): void => {
    const entries: Record<string, string> = {};
    for (const key of persistent) {
      const value = memory.get(key);
      if (value !== undefined) entries[key] = Buffer.from(cipher.encrypt(value)).toString('base64');
    }
    if (Object.keys(entries).length === 0) file.remove();
    else file.write(new TextEncoder().encode(JSON.stringify({ version: 1, entries })));
  };

  return {
    storage: { mode: 'encrypted', reason: null },
    get: (key) => memory.get(key),
    set(key, value, persist) {
      memory.set(key, value);
      const wasPersistent = persistent.has(key);
      if (persist) persistent.add(key);
      else persistent.delete(key);
      if (persist || wasPersistent) save();
    },
    delete(key) {
      memory.delete(key);
      if (persistent.delete(key)) save();
    },
    loadProblem,
  };
}

function safeAvailability(cipher: SecretCipher): CipherAvailability {
  try {
    return cipher.availability();
  } catch {
    return { available: false, reason: 'unavailable' };
  }
}

function loadInto(cipher: SecretCipher, file: VaultFile, memory: Map<string, string>, persistent: Set<string>): string | null {
  let parsed;
  try {
    // read() throws for a file it refuses (not a regular file, too large): broken like any other.
    const bytes = file.read();
    if (bytes === undefined) return null;
    parsed = vaultFileSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    file.remove();
    return 'The saved sign-in data could not be read and was discarded; sign in again with your password.';
  }
  let dropped = 0;
  for (const [key, encoded] of Object.entries(parsed.data.entries)) {
    try {
      memory.set(key, cipher.decrypt(Buffer.from(encoded, 'base64')));
      persistent.add(key);
    } catch {
      dropped += 1;
    }
  }
  return dropped === 0 ? null : `${dropped} saved sign-in item(s) could not be decrypted (the OS key may have changed) and were discarded; sign in again with your password.`;
}
