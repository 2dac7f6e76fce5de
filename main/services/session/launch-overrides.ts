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
