/** Names of the vault entries the session writes. */
export const VAULT_KEYS = {
  agentToken: 'agent-token',
  clientToken: 'client-token',
  /** Keyed by the instance's origin too: a password kept for one instance is never sent to another. */
  password: (origin: string, agent: string) => `password:${origin}:${agent}`,
  /** A TURN server's credential, by its address. */
  iceCredential: (urls: string) => `ice-credential:${urls}`,
} as const;
