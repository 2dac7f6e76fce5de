// The phone follows the session outside React (issue 23): built and started
// the moment the app's state says an agent is signed in, kept while the same
// credentials come back in a new session object, stopped (unregistered) as soon
// as the session leaves `signed-in`; none for a supervisor without an agent.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, type SessionView, type SoftphoneBridge } from '../../common/ipc-contract';
import type { AppSnapshot, AppStateStore } from '../../renderer/src/app-state-store';
import { createSoftphoneApi } from '../../renderer/src/bridge/softphone-api';
import { Phone, silentMedia } from '../../renderer/src/phone';
import { startPhoneRunner, whenPhoneSettles, type PhoneRunner } from '../../renderer/src/shell/phone-runner';
import { fakeSdhFactory } from '../phone/support/fake-sdh';
import { FakeSipServer, FakeTransport } from '../phone/support/fake-sip-server';

const SIP = {
  uri: 'sip:1001@127.0.0.1',
  authorizationUsername: '1001',
  authorizationHa1: createHash('md5').update('1001:asterisk:secret').digest('hex'),
  wsUrl: 'ws://127.0.0.1:1/ws',
  realm: 'asterisk',
  displayName: 'Ana',
};
const AGENT = { name: 'ana', fullname: 'Ana García', extension: '1001', campaigns: [] };
const signedIn = (state: SessionView['state'] = 'signed-in'): SessionView => ({ state, agent: AGENT, sip: { ...SIP }, apiUser: null, instanceUrl: 'https://pbx.example' });

/** The app's state store with a session the test sets; main answers every request with ok. */
function sessionStore() {
  const bridge: SoftphoneBridge = { invoke: async () => ({ ok: true, value: {} }), on: () => () => undefined };
  let snapshot: AppSnapshot = { state: { status: 'loading' }, lost: null };
  const listeners = new Set<() => void>();
  const store: AppStateStore = {
    connected: { api: createSoftphoneApi(bridge), onLost: () => undefined },
    get: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const setSession = (session: SessionView): void => {
    snapshot = { lost: null, state: { status: 'ready', session, settings: {} as never, connectivity: { api: 'online', detail: null } } };
    for (const listener of listeners) listener();
  };
  return { store, setSession };
}

const built: Phone[] = [];
afterEach(async () => {
  await Promise.all(built.splice(0).map((phone) => phone.stop()));
});

function runnerOn(server: FakeSipServer, store: AppStateStore): PhoneRunner {
  return startPhoneRunner(store, (options) => {
    const phone = new Phone({ ...options, media: silentMedia, logLevel: 'warn', log: () => undefined, sip: { transportConstructor: FakeTransport, transportOptions: { server }, sessionDescriptionHandlerFactory: fakeSdhFactory } });
    built.push(phone);
    return phone;
  });
}

describe('the phone runner', () => {
  it('builds and registers the phone when the session says signed in, before a UI asks for it', async () => {
    const server = new FakeSipServer();
    const { store, setSession } = sessionStore();
    const runner = runnerOn(server, store);
    expect(runner.get().phone).toBeNull();
    setSession(signedIn());
    expect(runner.get().phone).not.toBeNull();
    await vi.waitFor(() => expect(runner.get().connection).toBe('registered'));
    expect(server.count('REGISTER')).toBeGreaterThan(0);
  });

  it('keeps the same phone for the same credentials in a new session object, and stops it when the session leaves signed-in', async () => {
    const server = new FakeSipServer();
    const { store, setSession } = sessionStore();
    const runner = runnerOn(server, store);
    setSession(signedIn());
    const phone = runner.get().phone;
    await vi.waitFor(() => expect(runner.get().connection).toBe('registered'));
    let changes = 0;
    runner.subscribe(() => (changes += 1));
    setSession(signedIn());
    expect(runner.get().phone).toBe(phone);
    expect(built).toHaveLength(1);
    expect(changes).toBe(0);
    const registers = server.count('REGISTER');
    setSession(signedIn('signing-out'));
    expect(runner.get()).toEqual({ phone: null, connection: 'offline', problem: null });
    // Unregistered: one more REGISTER (Expires: 0) once the phone stops.
    await vi.waitFor(() => expect(server.count('REGISTER')).toBe(registers + 1));
    expect(phone?.registration.kind).not.toBe('registered');
    setSession(SIGNED_OUT);
    expect(built).toHaveLength(1);
  });

  it('builds no phone for a supervisor without an agent', () => {
    const server = new FakeSipServer();
    const { store, setSession } = sessionStore();
    const runner = runnerOn(server, store);
    setSession({ state: 'signed-in', agent: null, sip: null, apiUser: 'supervisor', instanceUrl: 'https://pbx.example' });
    expect(runner.get().phone).toBeNull();
    expect(built).toHaveLength(0);
  });
});

/** Whether `promise` has settled by now (every queued microtask run first). */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

/** A phone runner on a fake server the test set up, and the session store that drives it. */
function phoneOn(configure: (server: FakeSipServer) => void = () => undefined) {
  const server = new FakeSipServer();
  configure(server);
  const { store, setSession } = sessionStore();
  return { server, store, setSession, runner: runnerOn(server, store) };
}

// The UI's chunk waits for this (issue 23): never longer than the phone needs, and never past its cap.
describe('when the phone settles', () => {
  it('waits for main\'s state, then for the registrar\'s 200', async () => {
    // The registrar holds its answer until the test lets it go.
    const held: Parameters<NonNullable<FakeSipServer['intercept']>>[0][] = [];
    const { server, store, setSession, runner } = phoneOn((s) => (s.intercept = (msg) => msg.method === 'REGISTER' && held.push(msg) > 0));
    const settles = whenPhoneSettles(store, runner, 60_000);
    expect(await hasSettled(settles)).toBe(false);
    setSession(signedIn());
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(await hasSettled(settles)).toBe(false);
    const register = held[0];
    if (!register) throw new Error('no REGISTER was held');
    server.reply(register, 200, 'OK', `Contact: ${register.getHeader('contact') ?? ''};expires=300\r\n`);
    await settles;
    expect(runner.get().connection).toBe('registered');
  });

  it('does not wait when there is no phone to start: signed out, or a supervisor', async () => {
    const { store, setSession, runner } = phoneOn();
    setSession(SIGNED_OUT);
    expect(await hasSettled(whenPhoneSettles(store, runner, 60_000))).toBe(true);
    setSession({ state: 'signed-in', agent: null, sip: null, apiUser: 'supervisor', instanceUrl: 'https://pbx.example' });
    expect(await hasSettled(whenPhoneSettles(store, runner, 60_000))).toBe(true);
  });

  it('stops waiting when the registrar refuses the phone', async () => {
    const { store, setSession, runner } = phoneOn((s) => (s.registerAnswer = { status: 403, reason: 'Forbidden' }));
    const settles = whenPhoneSettles(store, runner, 60_000);
    setSession(signedIn());
    await settles;
    expect(runner.get().problem).not.toBeNull();
    expect(runner.get().connection).not.toBe('registered');
  });

  it('stops waiting when the phone cannot reach its server, before its cap', async () => {
    const { server, store, setSession, runner } = phoneOn((s) => (s.refuseConnections = true));
    setSession(signedIn());
    await whenPhoneSettles(store, runner, 60_000);
    expect(runner.get().connection).toBe('offline');
    expect(server.count('REGISTER')).toBe(0);
  });

  it('stops waiting at its cap when the registrar never answers', async () => {
    const { server, store, setSession, runner } = phoneOn((s) => (s.answerRegister = false));
    setSession(signedIn());
    const settles = whenPhoneSettles(store, runner, 200);
    expect(await hasSettled(settles)).toBe(false);
    await vi.waitFor(() => expect(server.count('REGISTER')).toBeGreaterThan(0));
    await settles;
    expect(runner.get().connection).not.toBe('registered');
    expect(runner.get().problem).toBeNull();
  });
});
