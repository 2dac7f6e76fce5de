/**
 * What the launcher knows better than the settings file for this run only
 * (npm start on the simulator, `--instance <url>`): never saved to settings.
 */
export interface LaunchOverrides {
  instanceUrl?: string;
  agent?: string;
  sipUrl?: string;
  caFile?: string;
}

/** Environment variables `npm start` sets for an Electron child (all optional). */
export const LAUNCH_ENV = {
  instanceUrl: 'SOFTPHONE_INSTANCE_URL',
  agent: 'SOFTPHONE_DEMO_AGENT',
  /** The simulator's seeded demo password, held by main; never a real one. */
  demoPassword: 'SOFTPHONE_DEMO_PASSWORD',
  sipUrl: 'SOFTPHONE_SIP_URL',
  caFile: 'SOFTPHONE_CA_FILE',
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
  const demoPassword = env[LAUNCH_ENV.demoPassword];
  return demoPassword ? { overrides, demoPassword } : { overrides };
}
