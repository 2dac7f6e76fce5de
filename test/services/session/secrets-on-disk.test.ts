// Through the whole sign-in (simulator, real client, session, vault with
// safeStorage faked): what lands on disk holds neither the password nor the
// tokens in any readable form; with no real OS encryption nothing secret is
// written at all.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { safeStorageCipher } from '../../../main/desktop/safe-storage';
import { createIntegraSessionApi, createSessionService, VAULT_KEYS } from '../../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../../main/services/settings';
import { createEncryptedVault, createVaultFile } from '../../../main/services/vault';
import { startSimulator, type Simulator } from '../../../simulator/index';

let sim: Simulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secrets-on-disk-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Like safeStorage: an opaque, keyed transformation with a version prefix. */
function fakeSafeStorage(available: boolean, backend: string) {
  const key = Buffer.from('0123456789abcdef');
  const xor = (data: Buffer) => Buffer.from(data.map((b, i) => b ^ key[i % key.length]!));
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend as never,
    encryptString: (plain: string) => Buffer.concat([Buffer.from('v11'), xor(Buffer.from(plain))]),
    decryptString: (data: Buffer) => xor(data.subarray(3)).toString(),
  };
}

async function signInAndRead(available: boolean, backend: string) {
  const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
  const vault = createEncryptedVault(safeStorageCipher(fakeSafeStorage(available, backend), 'linux'), createVaultFile(join(dir, 'secrets.json')));
  const session = createSessionService({ settings, vault, createApi: createIntegraSessionApi });
  const { agent, password } = sim.ready.credentials.agents[1]!;
  const { user, password: apiPassword } = sim.ready.credentials.apiUser;
  await session.signIn({ instanceUrl: sim.baseUrl, agent, password, remember: true, apiUser: user, apiPassword, language: 'en' });
  const secrets = [password, apiPassword, vault.get(VAULT_KEYS.agentToken)!, vault.get(VAULT_KEYS.clientToken)!];
  const files = readdirSync(dir);
  const disk = files.map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n');
  await session.client()?.close?.();
  return { vault, secrets, files, disk };
}

const readableForms = (secret: string) => [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];

describe('secrets on disk', () => {
  it('with OS encryption: the vault file exists and holds no password or token in any readable form', async () => {
    const { secrets, files, disk, vault } = await signInAndRead(true, 'gnome_libsecret');
    expect(files.sort()).toEqual(['secrets.json', 'settings.json']);
    expect(secrets.every(Boolean)).toBe(true);
    for (const secret of secrets) for (const form of readableForms(secret)) expect(disk).not.toContain(form);
    expect(vault.storage.mode).toBe('encrypted');
    // And the encrypted file is what brings the password back after a restart.
    const reopened = createEncryptedVault(safeStorageCipher(fakeSafeStorage(true, 'gnome_libsecret'), 'linux'), createVaultFile(join(dir, 'secrets.json')));
    expect(reopened.get(VAULT_KEYS.password(new URL(sim.baseUrl).origin, sim.ready.credentials.agents[1]!.agent))).toBe(secrets[0]);
  });

  it.each([
    ['safeStorage unavailable', false, 'unknown'],
    ['the basic_text backend', true, 'basic_text'],
  ])('with %s: no vault file is written, settings hold nothing secret', async (_case, available, backend) => {
    const { secrets, files, disk, vault } = await signInAndRead(available, backend);
    expect(files).toEqual(['settings.json']);
    for (const secret of secrets) for (const form of readableForms(secret)) expect(disk).not.toContain(form);
    expect(vault.storage.mode).toBe('memory-only');
  });
});
