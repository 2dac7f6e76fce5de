export { createEncryptedVault, createMemoryVault, type TokenVault, type VaultFile } from './token-vault';
export { createVaultFile } from './vault-file';
export type { CipherAvailability, SecretCipher } from './secret-cipher';
