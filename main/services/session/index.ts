export { createSessionService, type ConnectivityReport, type SessionDeps, type SessionService } from './session-service';
export type { ApiConnection, SessionApi, SessionApiFactory, SignedInAgent } from './session-api';
export { LAUNCH_ENV, overridesFromEnv, type LaunchOverrides } from './launch-overrides';
export { signInDefaults } from './sign-in-defaults';
export { sipCredentialsFor } from './sip-credentials';
export { toIpcFailure } from './api-failure';
export { createIntegraSessionApi } from './integra-session-api';
export { VAULT_KEYS } from './vault-keys';
