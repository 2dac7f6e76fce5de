// The session service against the simulator (started here) through the real
// Integra client: profile and SIP credentials out, tokens and passwords kept
// in main, typed errors per field, Log Out on sign-out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IpcFailure, sessionRoles, type SessionView, type SignInRequest } from '../../../common/ipc-contract';
import { createIntegraSessionApi, createSessionService, VAULT_KEYS, type LaunchOverrides, type SessionService, type SessionApi } from '../../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService, type SettingsService } from '../../../main/services/settings';
import { createMemoryVault, type TokenVault } from '../../../main/services/vault';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { createTlsMaterial } from '../../../simulator/sip/tls-authority';

let sim: Simulator;
let dir: string;
let settings: SettingsService;
let vault: TokenVault;
let views: SessionView['state'][];
let connectivity: string[];
const services: SessionService<SessionApi>[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await control('POST', '/reset');
  dir = mkdtempSync(join(tmpdir(), 'session-test-'));
  settings = createSettingsService(createJsonFileSettingsStorage(join(dir, 'settings.json')));
  vault = createMemoryVault('browser-mode');
  views = [];
  connectivity = [];
});
afterEach(async () => {
  for (const service of services.splice(0)) await service.client()?.close?.();
  rmSync(dir, { recursive: true, force: true });
});

async function control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'X-Sim-Secret': sim.control.secret, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

function session(overrides: LaunchOverrides = {}): SessionService<SessionApi> {
  const service = createSessionService({
    settings,
    vault,
    overrides,
    createApi: createIntegraSessionApi,
    connectivity: { reportSuccess: () => connectivity.push('online'), reportNetworkFailure: () => connectivity.push('offline') },
  });
  service.onChange((view) => views.push(view.state));
  services.push(service);
  return service;
}

const ana = () => sim.ready.credentials.agents[0]!;
const request = (patch: Partial<SignInRequest> = {}): SignInRequest => ({
  instanceUrl: sim.baseUrl, agent: ana().agent, password: ana().password, remember: false, language: 'es', ...patch,
});

async function failure(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

describe('session sign-in', () => {
  it('hands out the profile and SIP credentials (defaults of the architecture), never a token or password', async () => {
    const view = await session().signIn(request());
    const simAgent = ((await control('GET', '/state'))['agents'] as { accountcode: string; md5secret: string; fullname: string }[]).find((a) => a.accountcode === ana().agent)!;
    const host = new URL(sim.baseUrl).hostname;
    expect(view).toEqual({
      state: 'signed-in',
      agent: { name: ana().agent, fullname: simAgent.fullname, extension: ana().phone, campaigns: [] },
      sip: {
        uri: `sip:${ana().phone}@${host}`,
        authorizationUsername: ana().phone,
        authorizationHa1: simAgent.md5secret,
        wsUrl: `wss://${host}:8089/ws`,
        realm: 'asterisk',
        displayName: simAgent.fullname,
      },
      apiUser: null,
      instanceUrl: sim.baseUrl,
    });
    const token = vault.get(VAULT_KEYS.agentToken);
    expect(token).toBeTruthy();
    expect(JSON.stringify(view)).not.toContain(token!);
    expect(JSON.stringify(view)).not.toContain(ana().password);
    expect(views).toEqual(['signing-in', 'signed-in']);
    expect(connectivity).toEqual(['online']);
  });

  it('takes the SIP URL given at sign-in, and the client token with an API user', async () => {
    const { user, password } = sim.ready.credentials.apiUser;
    const view = await session().signIn(request({ sipUrl: 'ws://127.0.0.1:5066/ws', apiUser: user, apiPassword: password }));
    expect(view.sip?.wsUrl).toBe('ws://127.0.0.1:5066/ws');
    expect(view.apiUser).toBe(user);
    expect(vault.get(VAULT_KEYS.clientToken)).toBeTruthy();
    expect(settings.get().rememberedApiUser).toBe(user);
  });

  it('remembers the password in the vault (not the settings) and accepts an empty one next time', async () => {
    const first = session();
    await first.signIn(request({ remember: true }));
    await first.signOut({});
    expect(vault.get(VAULT_KEYS.password(new URL(sim.baseUrl).origin, ana().agent))).toBe(ana().password);
    expect(JSON.stringify(settings.get())).not.toContain(ana().password);
    expect(settings.get().rememberedAgent).toBe(ana().agent);
    const again = await first.signIn(request({ password: '' }));
    expect(again.state).toBe('signed-in');
  });

  it('saves a typed instance but not one given only for this launch', async () => {
    const launched = session({ instanceUrl: sim.baseUrl });
    await launched.signIn(request({ instanceUrl: '' }));
    expect(settings.get().instanceUrl).toBe('');
    await launched.signOut({});
    await launched.signIn(request({ instanceUrl: `${sim.baseUrl}/` }));
    expect(settings.get().instanceUrl).toBe('');
    const typed = session();
    await launched.signOut({});
    await typed.signIn(request());
    expect(settings.get().instanceUrl).toBe(sim.baseUrl);
  });

  it('saves a typed SIP address and CA file choice, and an emptied field brings the default back', async () => {
    const service = session({ sipUrl: 'ws://127.0.0.1:1/launch' });
    const typed = await service.signIn(request({ sipUrl: 'wss://pbx.example:8089/ws', caFile: '' }));
    expect(typed.sip?.wsUrl).toBe('wss://pbx.example:8089/ws');
    expect(settings.get().sipWsUrlTemplate).toBe('wss://pbx.example:8089/ws');
    await service.signOut({});
    const fromLaunch = await service.signIn(request({ sipUrl: 'ws://127.0.0.1:1/launch' }));
    expect(fromLaunch.sip?.wsUrl).toBe('ws://127.0.0.1:1/launch');
    expect(settings.get().sipWsUrlTemplate).toBe('wss://pbx.example:8089/ws');
    await service.signOut({});
    const cleared = await service.signIn(request({ sipUrl: '' }));
    expect(cleared.sip?.wsUrl).toBe(`wss://${new URL(sim.baseUrl).hostname}:8089/ws`);
    expect(settings.get().sipWsUrlTemplate).toBe('wss://{host}:8089/ws');
  });

  it('says which CA file its client trusts: the launch\'s unless one is typed, none when signed out (the shift-start check verifies with it)', async () => {
    const pem = createTlsMaterial(['127.0.0.1']).caCertPem;
    const [launchCa, typedCa] = [join(dir, 'launch-ca.pem'), join(dir, 'typed-ca.pem')];
    writeFileSync(launchCa, pem);
    writeFileSync(typedCa, pem);
    const service = session({ caFile: launchCa });
    expect(service.caFile()).toBe('');
    await service.signIn(request());
    expect(service.caFile()).toBe(launchCa);
    // A launch's CA file is in no setting: trust read from the settings alone would miss it.
    expect(settings.get().caFile).toBe('');
    await service.signOut({});
    expect(service.caFile()).toBe('');
    await service.signIn(request({ caFile: typedCa }));
    expect(service.caFile()).toBe(typedCa);
  });

  it.each([
    ['a wrong password', () => request({ password: 'nope' }), 'wrong-credentials', 'password'],
    ['a wrong API password', () => request({ apiUser: 'supervisor', apiPassword: 'nope' }), 'wrong-credentials', 'apiPassword'],
    ['an API user without password', () => request({ apiUser: 'supervisor' }), 'invalid-request', 'apiPassword'],
    ['no password and none remembered', () => request({ password: '' }), 'invalid-request', 'password'],
    ['no instance at all', () => request({ instanceUrl: '' }), 'invalid-request', 'instanceUrl'],
    ['a closed port', () => request({ instanceUrl: 'http://127.0.0.1:9' }), 'instance-unreachable', 'instanceUrl'],
    ['a CA file that does not exist', () => request({ caFile: '/nonexistent/ca.pem' }), 'tls-failure', 'caFile'],
    ['a CA file that holds no certificate', () => request({ caFile: join(import.meta.dirname, 'session-service.test.ts') }), 'tls-failure', 'caFile'],
  ])('%s is a typed error on its field and leaves the agent signed out', async (_case, make, code, field) => {
    const service = session();
    expect(await failure(service.signIn(make()))).toMatchObject({ code, field });
    expect(service.view().state).toBe('signed-out');
    expect(vault.get(VAULT_KEYS.agentToken)).toBeUndefined();
  });

  it('reports a platform that answers an HTML page as a platform error', async () => {
    await control('POST', '/faults', { operation: 'agentLogin', kind: 'html' });
    const detail = await failure(session().signIn(request()));
    expect(detail.code).toBe('platform-error');
  });

  it('marks connectivity offline when the instance cannot be reached', async () => {
    await failure(session().signIn(request({ instanceUrl: 'http://127.0.0.1:9' })));
    expect(connectivity).toEqual(['offline']);
  });

  it('refuses a second sign-in while signed in', async () => {
    const service = session();
    await service.signIn(request());
    expect(await failure(service.signIn(request()))).toMatchObject({ code: 'busy' });
  });
});

describe('session sign-out', () => {
  it('calls Log Out with the agent, SIP/<phone> and the message, and clears the tokens', async () => {
    const service = session();
    await service.signIn(request({ apiUser: 'supervisor', apiPassword: sim.ready.credentials.apiUser.password }));
    views = [];
    const view = await service.signOut({ message: 'Almuerzo' });
    expect(view.state).toBe('signed-out');
    expect(views).toEqual(['signing-out', 'signed-out']);
    expect(vault.get(VAULT_KEYS.agentToken)).toBeUndefined();
    expect(vault.get(VAULT_KEYS.clientToken)).toBeUndefined();
    expect(service.client()).toBeNull();
    const state = await control('GET', '/state');
    expect(state['logouts']).toEqual([expect.objectContaining({ agent: ana().agent, interface: `SIP/${ana().phone}`, message: 'Almuerzo' })]);
  });

  it('ends signed out here even when Log Out fails, and says the platform was not told', async () => {
    const service = session();
    await service.signIn(request());
    await control('POST', '/faults', { operation: 'logout', kind: 'http500' });
    const detail = await failure(service.signOut({}));
    expect(detail.code).toBe('platform-error');
    expect(detail.message).toMatch(/platform was not told/);
    expect(service.view().state).toBe('signed-out');
    expect(vault.get(VAULT_KEYS.agentToken)).toBeUndefined();
  });

  it('is a no-op when already signed out', async () => {
    expect((await session().signOut({})).state).toBe('signed-out');
  });
});

describe('supervisor-only session (API user, no agent)', () => {
  const supervisor = (patch: Partial<SignInRequest> = {}): SignInRequest => ({
    instanceUrl: sim.baseUrl, apiUser: sim.ready.credentials.apiUser.user, apiPassword: sim.ready.credentials.apiUser.password, remember: false, language: 'en', ...patch,
  });

  it('signs in with Client Authentication alone: supervisor role, no agent, no SIP credentials, no agent token', async () => {
    settings.update({ rememberedAgent: ana().agent });
    const service = session();
    const view = await service.signIn(supervisor());
    expect(view).toEqual({ state: 'signed-in', agent: null, sip: null, apiUser: sim.ready.credentials.apiUser.user, instanceUrl: sim.baseUrl });
    expect(sessionRoles(view)).toEqual(['supervisor']);
    expect(vault.get(VAULT_KEYS.clientToken)).toBeTruthy();
    expect(vault.get(VAULT_KEYS.agentToken)).toBeUndefined();
    expect(settings.get().rememberedAgent).toBe(ana().agent);
    const state = await control('GET', '/state');
    const agents = state['agents'] as { accountcode: string; loggedIn: boolean }[];
    expect(agents.filter((a) => a.loggedIn)).toEqual([]);
  });

  it('signs out with Log Out for the API user (no interface) and clears the client token', async () => {
    const service = session();
    await service.signIn(supervisor());
    views = [];
    expect((await service.signOut({ message: 'Fin de turno' })).state).toBe('signed-out');
    expect(views).toEqual(['signing-out', 'signed-out']);
    expect(vault.get(VAULT_KEYS.clientToken)).toBeUndefined();
    const state = await control('GET', '/state');
    expect(state['logouts']).toEqual([expect.objectContaining({ agent: sim.ready.credentials.apiUser.user, interface: '', message: 'Fin de turno' })]);
  });

  it('an agent with an API user holds both roles', async () => {
    const view = await session().signIn(request({ apiUser: sim.ready.credentials.apiUser.user, apiPassword: sim.ready.credentials.apiUser.password }));
    expect(sessionRoles(view)).toEqual(['agent', 'supervisor']);
  });

  it.each([
    ['a wrong API password', () => supervisor({ apiPassword: 'nope' }), 'wrong-credentials', 'apiPassword'],
    ['an unknown API user', () => supervisor({ apiUser: 'nobody' }), 'wrong-credentials', 'apiPassword'],
    ['no API password', () => supervisor({ apiPassword: '' }), 'invalid-request', 'apiPassword'],
    ['neither agent nor API user', () => supervisor({ apiUser: '' }), 'invalid-request', 'agent'],
  ])('%s is a typed error on its field and leaves it signed out', async (_case, make, code, field) => {
    const service = session();
    expect(await failure(service.signIn(make()))).toMatchObject({ code, field });
    expect(service.view().state).toBe('signed-out');
    expect(vault.get(VAULT_KEYS.clientToken)).toBeUndefined();
  });
});
