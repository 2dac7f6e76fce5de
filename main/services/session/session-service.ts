// The agent's session: Client Authentication (optional, for supervisor work)
// and Agent Authentication, tokens held in main only, the public profile and
// SIP credentials handed to the renderer, and Log Out on sign-out; renewed by
// itself (Agent Authentication again, session-renewal.ts) when the platform
// may have lost the login: the phone re-registered after losing its binding,
// or the API was out of reach for long (api-outages.ts).
// States and transitions: see sessionStateSchema in common/ipc/session.ts.
import {
  DEFAULT_SETTINGS,
  IpcFailure,
  SIGNED_OUT,
  type AgentProfile,
  type SessionRenewal,
  type SessionView,
  type SignInRequest,
  type SignOutRequest,
  type SipCredentials,
} from '../../../common/ipc-contract';
import type { SettingsService } from '../settings';
import type { TokenVault } from '../vault';
import { integraCause } from '../integra-cause';
import { spokenFailure } from '../spoken-failure';
import { isNetworkFailure, toIpcFailure } from './api-failure';
import { watchApiOutages, type ConnectivityChanges } from './api-outages';
import { createSessionRenewal, type RenewalOptions, type RenewalStart } from './session-renewal';
import type { LaunchOverrides } from './launch-overrides';
import { signedInAgentSchema, type SessionApi, type SessionApiFactory, type SignedInAgent } from './session-api';
import { sipCredentialsFor } from './sip-credentials';
import { VAULT_KEYS } from './vault-keys';
import { instanceOrigin } from './instance-origin';
import { rememberSecret } from '../logging';
import { createSessionSecrets } from './session-secrets';

export interface ConnectivityReport {
  reportSuccess(): void;
  reportNetworkFailure(): void;
  /** When given, the API's return after a long outage renews the agent's login (api-outages.ts). */
  onChange?: ConnectivityChanges['onChange'];
}

export interface SessionDeps<Api extends SessionApi> {
  settings: SettingsService;
  vault: TokenVault;
  createApi: SessionApiFactory<Api>;
  overrides?: LaunchOverrides;
  connectivity?: ConnectivityReport;
  /** Clock, random source and backoff of the renewal (tests drive them). */
  renewal?: RenewalOptions;
}

export interface SessionService<Api extends SessionApi> {
  view(): SessionView;
  signIn(request: SignInRequest): Promise<SessionView>;
  /** Always ends signed out here; throws a platform error afterwards if Log Out itself failed. */
  signOut(request: SignOutRequest): Promise<SessionView>;
  /** The signed-in client, for later work (calls, supervisor); null when signed out. */
  client(): Api | null;
  /** The CA file that client trusts besides the system's (the sign-in's, the launch's or the saved one; '' for none): the shift-start check verifies with the same trust. */
  caFile(): string;
  onChange(listener: (view: SessionView) => void): () => void;
  /**
   * Agent Authentication again with the credentials the client holds, in the background: the session stays
   * signed-in; `session.changed` only when the SIP credentials changed. `not-needed` when no agent is signed in,
   * one succeeded within the last 10 s, or the last one was refused (until the next sign-in).
   */
  renew(offlineMs?: number): { renewal: RenewalStart; settled: Promise<SessionRenewal | null> };
  onRenewal(listener: (renewal: SessionRenewal) => void): () => void;
  /** Stops a renewal under way and listening to connectivity. */
  close(): void;
}

export function createSessionService<Api extends SessionApi>(deps: SessionDeps<Api>): SessionService<Api> {
  const overrides = deps.overrides ?? {};
  const listeners = new Set<(view: SessionView) => void>();
  let view: SessionView = SIGNED_OUT;
  let api: Api | null = null;
  /** The SIP address given at sign-in (a renewed record fills the template again, or keeps this). */
  let sipUrlOfSignIn = '';
  let caFileOfSignIn = '';
  const renewal = createSessionRenewal(deps.renewal);
  const secrets = createSessionSecrets();
  const offOutages = deps.connectivity?.onChange
    ? watchApiOutages({ onChange: deps.connectivity.onChange }, { back: () => renewal.hurry(), longOutageOver: (offlineMs) => void renew(offlineMs) })
    : undefined;

  /** The settings the SIP credentials come from, with this launch's STUN/TURN addresses when given. */
  const sipSettings = () => ({ ...deps.settings.get(), ...(overrides.iceServers ? { iceServers: overrides.iceServers } : {}) });
  /** A TURN credential main holds (never in the settings file); named to the redactor when read. */
  const iceCredential = (urls: string): string | undefined => {
    const credential = deps.vault.get(VAULT_KEYS.iceCredential(urls));
    rememberSecret(credential);
    return credential;
  };

  const publish = (next: SessionView): SessionView => {
    view = next;
    for (const listener of [...listeners]) listener(view);
    return view;
  };
  const fail = (failure: IpcFailure): never => {
    if (isNetworkFailure(failure)) deps.connectivity?.reportNetworkFailure();
    throw failure;
  };

  async function signIn(request: SignInRequest): Promise<SessionView> {
    if (view.state !== 'signed-out') {
      throw spokenFailure('busy', 'session.err.busySignIn');
    }
    const settings = deps.settings.get();
    const baseUrl = (request.instanceUrl || overrides.instanceUrl || settings.instanceUrl).replace(/\/+$/, '');
    if (!baseUrl) {
      throw spokenFailure('invalid-request', 'session.err.noInstance', {}, 'instanceUrl');
    }
    // Roles: an agent (phone and agent home), an API user (supervisor area), or both.
    const agentName = request.agent?.trim() ?? '';
    const apiUser = request.apiUser?.trim() ?? '';
    if (!agentName && !apiUser) {
      throw spokenFailure('invalid-request', 'session.err.noAgent', {}, 'agent');
    }
    // Checked before anything is sent: https, or http only on this machine; its origin keys the remembered password.
    const origin = instanceOrigin(baseUrl);
    const password = agentName ? request.password || deps.vault.get(VAULT_KEYS.password(origin, agentName)) || '' : '';
    if (agentName && !password) throw spokenFailure('invalid-request', 'session.err.noPassword', {}, 'password');
    // From here on no log line carries these, whatever sentence or key they come in.
    rememberSecret(password);
    rememberSecret(request.apiPassword);
    if (apiUser && !request.apiPassword) {
      throw spokenFailure('invalid-request', agentName ? 'session.err.noApiPasswordOrEmpty' : 'session.err.noApiPassword', {}, 'apiPassword');
    }
    // A field sent (even empty) is the agent's choice; absent means the launch's or the saved one.
    const caFile = request.caFile ?? overrides.caFile ?? settings.caFile;
    const sipUrl = request.sipUrl ?? overrides.sipUrl ?? '';

    secrets.signIn(password, request.apiPassword);
    publish({ ...SIGNED_OUT, state: 'signing-in' });
    let client: Api | null = null;
    try {
      client = await deps.createApi({ baseUrl, ...(caFile ? { caFile } : {}), tokenPolicy: settings.tokenPolicy });
      const clientToken = apiUser ? await authenticateClient(client, apiUser, request.apiPassword ?? '') : null;
      secrets.signIn(password, request.apiPassword, clientToken);
      const agent = agentName ? await authenticateAgent(client, agentName, password) : null;
      secrets.record(agent, null);
      deps.connectivity?.reportSuccess();
      keepSecrets(request, origin, agentName, password, agent?.token ?? null, clientToken);
      remember(request, agentName, baseUrl, apiUser);
      api = client;
      sipUrlOfSignIn = sipUrl;
      caFileOfSignIn = caFile ?? '';
      if (agent) renewal.signedIn();
      // Supervisor only: no agent, so no SIP credentials and no phone. After remember(): an emptied SIP address brings the default back.
      const sip = agent ? sipCredentialsFor(agent, sipSettings(), sipUrl || undefined, iceCredential) : null;
      secrets.record(agent, sip);
      return publish({ state: 'signed-in', agent: agent ? profileOf(agent, agentName) : null, sip, apiUser: apiUser || null, instanceUrl: baseUrl });
    } catch (error) {
      secrets.release();
      await client?.close?.();
      publish(SIGNED_OUT);
      return fail(toIpcFailure(error, 'agent'));
    }
  }

  async function authenticateClient(client: Api, user: string, password: string): Promise<string> {
    try {
      const token = await client.clientAuthenticate({ user, password });
      return typeof token === 'string' ? token : '';
    } catch (error) {
      throw toIpcFailure(error, 'apiUser');
    }
  }

  async function authenticateAgent(client: Api, agent: string, password: string): Promise<SignedInAgent> {
    const record = signedInAgentSchema.safeParse(await client.agentAuthenticate({ agent, password }));
    if (!record.success) {
      throw spokenFailure('platform-error', 'session.err.agentRecord');
    }
    return record.data;
  }

  function keepSecrets(request: SignInRequest, origin: string, agentName: string, password: string, agentToken: string | null, clientToken: string | null): void {
    const persistTokens = deps.settings.get().tokenStorage === 'encrypted-disk';
    if (agentToken) deps.vault.set(VAULT_KEYS.agentToken, agentToken, persistTokens);
    if (clientToken) deps.vault.set(VAULT_KEYS.clientToken, clientToken, persistTokens);
    if (!agentName) return; // "remember me" is the agent's password; the API password is never kept
    if (request.remember) deps.vault.set(VAULT_KEYS.password(origin, agentName), password, true);
    else deps.vault.delete(VAULT_KEYS.password(origin, agentName));
  }

  function remember(request: SignInRequest, agentName: string, baseUrl: string, apiUser: string): void {
    // An instance given only for this launch (simulator, --instance) is not saved.
    const launchInstance = overrides.instanceUrl?.replace(/\/+$/, '');
    deps.settings.update({
      language: request.language,
      // A supervisor-only sign-in leaves the remembered agent as it was.
      ...(agentName ? { rememberedAgent: request.remember ? agentName : '' } : {}),
      rememberedApiUser: apiUser,
      ...(baseUrl !== launchInstance ? { instanceUrl: baseUrl } : {}),
      ...(request.caFile !== undefined && request.caFile !== overrides.caFile ? { caFile: request.caFile } : {}),
      // A typed SIP address replaces the template; an emptied field brings the default back.
      ...(request.sipUrl !== undefined && request.sipUrl !== overrides.sipUrl
        ? { sipWsUrlTemplate: request.sipUrl || DEFAULT_SETTINGS.sipWsUrlTemplate }
        : {}),
    });
  }

  async function signOut(request: SignOutRequest): Promise<SessionView> {
    if (view.state === 'signed-out') return view;
    if (view.state !== 'signed-in') {
      throw spokenFailure('busy', 'session.err.busySignOut');
    }
    const { agent, apiUser } = view;
    const client = api;
    renewal.cancel();
    publish({ ...view, state: 'signing-out' }); // the phone unregisters now
    let failure: IpcFailure | null = null;
    try {
      // Log Out ends "an agent or user session": the agent's with its phone, else the API user's (no interface).
      const logOut = agent ? { agent: agent.name, interface: `SIP/${agent.extension}` } : apiUser ? { agent: apiUser } : null;
      if (logOut) await client?.logOut({ ...logOut, message: request.message ?? '' });
      deps.connectivity?.reportSuccess();
    } catch (error) {
      const mapped = toIpcFailure(error, 'agent');
      const cause = integraCause(error);
      failure = new IpcFailure({
        ...mapped.detail,
        message: `Signed out of this app, but the platform was not told (Log Out failed): ${mapped.detail.message}`,
        field: undefined,
        // The page says the cause in its language; without a known cause it shows the English message.
        say: cause ? { key: 'session.err.logoutFailed', params: {}, cause } : undefined,
      });
      if (isNetworkFailure(mapped)) deps.connectivity?.reportNetworkFailure();
    }
    deps.vault.delete(VAULT_KEYS.agentToken);
    deps.vault.delete(VAULT_KEYS.clientToken);
    secrets.release();
    api = null;
    await client?.close?.();
    publish(SIGNED_OUT);
    if (failure) throw failure;
    return view;
  }

  function renew(offlineMs?: number): { renewal: RenewalStart; settled: Promise<SessionRenewal | null> } {
    const client = api;
    const agentName = view.agent?.name;
    if (view.state !== 'signed-in' || !agentName || !client) return { renewal: 'not-needed', settled: Promise.resolve(null) };
    return renewal.renew({
      agent: agentName,
      authenticate: (signal) => client.renewAgentLogin({ signal }),
      apply(record) {
        const agent = signedInAgentSchema.safeParse(record);
        if (!agent.success) throw spokenFailure('platform-error', 'session.err.agentRecord');
        rememberSecret(agent.data.token);
        rememberSecret(agent.data.md5secret);
        if (api !== client || view.state !== 'signed-in') return; // signed out meanwhile
        deps.vault.set(VAULT_KEYS.agentToken, agent.data.token, deps.settings.get().tokenStorage === 'encrypted-disk');
        const sip = sipCredentialsFor(agent.data, sipSettings(), sipUrlOfSignIn || undefined, iceCredential);
        secrets.record(agent.data, sip);
        // A new HA1 or host: the phone is built again from the new credentials.
        if (!sameSip(sip, view.sip)) publish({ ...view, sip });
      },
      reached: (reachable) => (reachable ? deps.connectivity?.reportSuccess() : deps.connectivity?.reportNetworkFailure()),
    }, offlineMs);
  }

  return {
    view: () => view,
    signIn,
    signOut,
    client: () => api,
    caFile: () => (api ? caFileOfSignIn : ''),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    renew,
    onRenewal: (listener) => renewal.onRenewal(listener),
    close() {
      offOutages?.();
      renewal.cancel();
    },
  };
}

function sameSip(a: SipCredentials, b: SipCredentials | null): boolean {
  return b !== null && (Object.keys(a) as (keyof SipCredentials)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;
}

function profileOf(agent: SignedInAgent, signedInAs: string): AgentProfile {
  return {
    name: agent.accountcode || signedInAs,
    fullname: agent.fullname || agent.accountcode || signedInAs,
    extension: agent.name,
    campaigns: [],
  };
}
