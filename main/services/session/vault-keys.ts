/** Names of the vault entries the session writes. */
export const VAULT_KEYS = {
  agentToken: 'agent-token',
  clientToken: 'client-token',
  password: (agent: string) => `password:${agent}`,
} as const;
