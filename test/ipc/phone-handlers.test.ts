// phone.* over the dispatcher: the request parsed, the reply the contract's,
// a typed error for an agent who is not signed in. The SIP server is a
// loopback TCP server named by the signed-in session (the page names no host).
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestSchemas, SIGNED_OUT, type SessionView } from '../../common/ipc-contract';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';
import { createPhoneHandlers } from '../../main/ipc/phone-handlers';
import { createReachabilityProber, tcpConnect } from '../../main/services/connectivity';
import { createPhoneService, type PhoneService } from '../../main/services/phone';
import { handlerStubs } from './handler-stubs';

let server: Server | null = null;
let phone: PhoneService | null = null;
afterEach(async () => {
  phone?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

function dispatcher(view: () => SessionView) {
  phone = createPhoneService({
    session: { view, onChange: () => () => undefined, renew: () => ({ renewal: view().state === 'signed-in' ? 'started' : 'not-needed' }) },
    prober: createReachabilityProber({ connect: tcpConnect }),
  });
  const never = async () => {
    throw new Error('not expected in this test');
  };
  const handlers: RequestHandlers = {
    'settings.get': never, 'settings.update': never, 'settings.setIceCredential': never, 'session.get': never, 'session.signIn': never, 'session.signOut': never,
    ...handlerStubs('supervisor', () => never),
    ...handlerStubs('calls', () => never),
    ...handlerStubs('workstation', () => never),
    ...createPhoneHandlers(phone),
  };
  return createDispatcher(handlers, { isTrustedSender: () => true });
}

const signedIn = (wsUrl: string) => (): SessionView => ({
  ...SIGNED_OUT, state: 'signed-in', instanceUrl: 'http://127.0.0.1:9',
  agent: { name: 'ana.garcia', fullname: 'Ana', extension: '1001', campaigns: [] },
  sip: { uri: 'sip:1001@127.0.0.1', authorizationUsername: '1001', authorizationHa1: 'a'.repeat(32), wsUrl, realm: 'asterisk', displayName: 'Ana' },
});

describe('phone handlers', () => {
  it('phone.waitSipReachable answers reachable for the session\'s SIP server', async () => {
    server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const dispatch = dispatcher(signedIn(`ws://127.0.0.1:${port}/ws`));
    const result = await dispatch('phone.waitSipReachable', { timeoutMs: 5_000 }, null);
    expect(result).toEqual({ ok: true, value: { reachable: true, probes: 1 } });
    expect(requestSchemas['phone.waitSipReachable'].reply.safeParse(result.ok && result.value).success).toBe(true);
  });

  it('phone.waitSipReachable refuses an agent who is not signed in, with a typed error', async () => {
    const dispatch = dispatcher(() => SIGNED_OUT);
    expect(await dispatch('phone.waitSipReachable', { timeoutMs: 1_000 }, null)).toMatchObject({ ok: false, error: { code: 'not-signed-in', say: { key: 'phone.err.notAgent' } } });
  });

  it('phone.reregistered answers started or not-needed', async () => {
    expect(await dispatcher(signedIn('wss://pbx.example:8089/ws'))('phone.reregistered', { offlineMs: 40_000 }, null)).toEqual({ ok: true, value: { renewal: 'started' } });
    phone?.close();
    expect(await dispatcher(() => SIGNED_OUT)('phone.reregistered', { offlineMs: 40_000 }, null)).toEqual({ ok: true, value: { renewal: 'not-needed' } });
  });
});
