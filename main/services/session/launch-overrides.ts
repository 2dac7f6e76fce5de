import { iceServerSettingSchema, MAX_ICE_SERVERS, type IceServerSetting } from '../../../common/domain/ice-server';

/**
 * What the launcher knows better than the settings file for this run only
 * (npm start on the simulator, `--instance <url>`): never saved to settings.
 */
export interface LaunchOverrides {
  instanceUrl?: string;
  agent?: string;
  sipUrl?: string;
  caFile?: string;
  /** STUN/TURN addresses for this run (`--ice-servers`), without credentials (those are set in the app). */
  iceServers?: IceServerSetting[];
}

/** Environment variables `npm start` sets for an Electron child (all optional). */
export const LAUNCH_ENV = {
  instanceUrl: 'SOFTPHONE_INSTANCE_URL',
  agent: 'SOFTPHONE_DEMO_AGENT',
  /** The simulator's seeded demo password, held by main; never a real one. */
  demoPassword: 'SOFTPHONE_DEMO_PASSWORD',
  sipUrl: 'SOFTPHONE_SIP_URL',
  caFile: 'SOFTPHONE_CA_FILE',
  /** Comma-separated STUN/TURN addresses (no credentials). */
  iceServers: 'SOFTPHONE_ICE_SERVERS',
  /** "1" when the instance is the built-in simulator started by npm start (its media runs on loopback). */
  builtInSimulator: 'SOFTPHONE_BUILT_IN_SIMULATOR',
} as const;

export function overridesFromEnv(env: Record<string, string | undefined>): { overrides: LaunchOverrides; demoPassword?: string } {
  const pick = (name: string) => (env[name] ? { value: env[name] } : undefined);
  const overrides: LaunchOverrides = {};
  const instanceUrl = pick(LAUNCH_ENV.instanceUrl);
  if (instanceUrl) overrides.instanceUrl = instanceUrl.value;
  const agent = pick(LAUNCH_ENV.agent);
  if (agent) overrides.agent = agent.value;
  const sipUrl = pick(LAUNCH_ENV.sipUrl);
  if (sipUrl) overrides.sipUrl = sipUrl.value;
  const caFile = pick(LAUNCH_ENV.caFile);
  if (caFile) overrides.caFile = caFile.value;
  const ice = pick(LAUNCH_ENV.iceServers);
  if (ice) {
    const parsed = parseIceServersArgument(ice.value);
    if (parsed.ok) overrides.iceServers = parsed.servers;
  }
  const demoPassword = env[LAUNCH_ENV.demoPassword];
  return demoPassword ? { overrides, demoPassword } : { overrides };
}

/** `--ice-servers turn:a:3478?transport=tcp,stun:b` → settings entries (user names and credentials are set in the app). */
export function parseIceServersArgument(text: string): { ok: true; servers: IceServerSetting[] } | { ok: false; problem: string } {
  const servers: IceServerSetting[] = [];
  for (const urls of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const parsed = iceServerSettingSchema.safeParse({ urls });
    if (!parsed.success) return { ok: false, problem: `${JSON.stringify(urls)} is not a STUN/TURN address (stun:host[:port], turn:host[:port][?transport=tcp] or turns:host[:port])` };
    servers.push(parsed.data);
  }
  if (servers.length > MAX_ICE_SERVERS) return { ok: false, problem: `at most ${MAX_ICE_SERVERS} servers` };
  return { ok: true, servers };
}
