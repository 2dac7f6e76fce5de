import { plainHttpProblem } from '../../common/loopback';
import { caFileProblem, readCaFile } from '../api';
import type { IntegraClient, IntegraClientOptions } from '../api';
import { UsageError, type CliIo, type OptionSpec, type OptionValues, type SignIn } from './cli-types';
import { optional } from './option-values';

// Flags every command takes: where the instance is, how to trust it, and the
// credentials (flags win over the environment).

export const CONNECTION_OPTIONS: Record<string, OptionSpec> = {
  'base-url': { type: 'string', value: '<url>', description: 'instance address, e.g. https://tenant.ucontactcloud.com (env INTEGRA_BASE_URL)' },
  'ca-file': { type: 'string', value: '<pem>', description: 'extra CA certificate to trust, PEM file (env INTEGRA_CA_FILE)' },
  timeout: { type: 'string', value: '<ms>', description: 'per-request timeout in milliseconds (Upload Base: idle time)' },
  help: { type: 'boolean', description: 'show help' },
};

export const CREDENTIAL_OPTIONS: Record<string, OptionSpec> = {
  user: { type: 'string', value: '<name>', description: 'API user for Client Authentication (env INTEGRA_USER)' },
  password: { type: 'string', value: '<secret>', description: 'API user password (env INTEGRA_PASSWORD)' },
  'login-agent': { type: 'string', value: '<name>', description: 'agent to sign in with for agent operations (env INTEGRA_AGENT)' },
  'agent-password': { type: 'string', value: '<secret>', description: 'that agent\'s password (env INTEGRA_AGENT_PASSWORD)' },
};

export async function clientOptions(values: OptionValues, io: CliIo): Promise<IntegraClientOptions> {
  const baseUrl = optional(values, 'base-url') ?? io.env['INTEGRA_BASE_URL'];
  if (!baseUrl) throw new UsageError('no instance address: pass --base-url or set INTEGRA_BASE_URL');
  const insecure = plainHttpProblem(baseUrl);
  if (insecure !== null) throw new UsageError(`--base-url is refused: ${insecure}`);
  const options: IntegraClientOptions = { baseUrl };
  const caFile = optional(values, 'ca-file') ?? io.env['INTEGRA_CA_FILE'];
  if (caFile) {
    const read = readCaFile(caFile);
    if (!read.ok) throw new UsageError(caFileProblem(caFile, read));
    options.ca = read.pem;
  }
  const timeout = optional(values, 'timeout');
  if (timeout !== undefined) {
    if (!/^[1-9][0-9]*$/.test(timeout)) throw new UsageError('--timeout must be a positive number of milliseconds');
    options.timeoutMs = Number(timeout);
  }
  return options;
}

interface Credentials {
  client?: { user: string; password: string };
  agent?: { agent: string; password: string };
}

function credentials(values: OptionValues, env: CliIo['env']): Credentials {
  const user = optional(values, 'user') ?? env['INTEGRA_USER'];
  const password = optional(values, 'password') ?? env['INTEGRA_PASSWORD'];
  const agent = optional(values, 'login-agent') ?? env['INTEGRA_AGENT'];
  const agentPassword = optional(values, 'agent-password') ?? env['INTEGRA_AGENT_PASSWORD'];
  return {
    ...(user && password ? { client: { user, password } } : {}),
    ...(agent && agentPassword ? { agent: { agent, password: agentPassword } } : {}),
  };
}

/** Signs in as the command needs: its preferred kind, else the other when only that one is configured. */
export async function signIn(client: IntegraClient, kind: SignIn, values: OptionValues, io: CliIo): Promise<void> {
  if (kind === 'none') return;
  const held = credentials(values, io.env);
  const order = kind === 'agent' ? (['agent', 'client'] as const) : (['client', 'agent'] as const);
  for (const which of order) {
    if (which === 'client' && held.client) return void (await client.clientAuthenticate(held.client));
    if (which === 'agent' && held.agent) return void (await client.agentAuthenticate(held.agent));
  }
  throw new UsageError(
    kind === 'agent'
      ? 'no credentials: set INTEGRA_AGENT and INTEGRA_AGENT_PASSWORD (or --login-agent/--agent-password), or the API user INTEGRA_USER/INTEGRA_PASSWORD'
      : 'no credentials: set INTEGRA_USER and INTEGRA_PASSWORD (or --user/--password), or an agent INTEGRA_AGENT/INTEGRA_AGENT_PASSWORD',
  );
}
