// The phone after network trouble, in Node on the fake SIP server: live calls
// are refreshed when the phone registers again (481 / no answer end them as
// dropped by the network, 200 keeps them), a call offered while another is
// live rings as a waiting call instead of getting 486, and every call that
// rang without being taken is reported as missed with its reason.
import { describe, expect, it, vi } from 'vitest';
import type { Phone, PhoneEvents } from '../../renderer/src/phone';
import { FakeSdh } from './support/fake-sdh';
import { FakeSipServer } from './support/fake-sip-server';
import { phoneKit } from './support/phone-kit';

const { registered, CTI } = phoneKit();

async function inCall(server: FakeSipServer, phone: Phone): Promise<string> {
  const callId = server.invite({ 'X-CTI': CTI });
  await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
  await phone.answer();
  await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
  return callId;
}

function missedOf(phone: Phone): PhoneEvents['missed'][] {
  const missed: PhoneEvents['missed'][] = [];
  phone.on('missed', (m) => missed.push(m));
  return missed;
}

/** The connection drops and comes back at once: the phone registers on a new one. */
async function reconnect(server: FakeSipServer, phone: Phone): Promise<void> {
  const connects = server.connects;
  server.drop();
  await vi.waitFor(() => expect(server.connects).toBeGreaterThan(connects));
  await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
}

describe('refresh after the connection comes back', () => {
  it('keeps a call the platform still has (200) and restarts nothing', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const callId = await inCall(server, phone);
    const invites = server.received.filter((m) => m.method === 'INVITE' && m.callId === callId).length;
    await reconnect(server, phone);
    await vi.waitFor(() => expect(server.received.filter((m) => m.method === 'INVITE' && m.callId === callId).length).toBe(invites + 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(phone.call?.state.kind).toBe('active');
    expect(FakeSdh.last?.iceRestarts.at(-1)).toBe(false);
  });

  it('ends a call the platform no longer has (481) as dropped by the network, within the same registration', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    server.reinviteAnswer = { status: 481, reason: 'Call/Transaction Does Not Exist' };
    await reconnect(server, phone);
    await vi.waitFor(() => expect(phone.call?.state).toMatchObject({ kind: 'ended', cause: 'network-dropped', by: 'system' }));
    expect(phone.call?.state.kind === 'ended' && phone.call.state.detail).toMatch(/no longer had this call/);
  });

  it('ends a call whose refresh gets no answer at all, but not one whose refresh went out on a connection that died', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    server.reinviteAnswer = null;
    await reconnect(server, phone);
    // The refresh is sent; 300 ms without an answer on the same connection: gone.
    await vi.waitFor(() => expect(phone.call?.state).toMatchObject({ kind: 'ended', cause: 'network-dropped' }), { timeout: 3_000 });

    const otherServer = new FakeSipServer();
    const second = await registered(otherServer);
    await inCall(otherServer, second);
    otherServer.reinviteAnswer = null;
    second.networkChanged();
    await vi.waitFor(() => expect(otherServer.count('INVITE')).toBe(1));
    // The connection dies while the refresh waits; on the new one the platform answers 200.
    otherServer.reinviteAnswer = { status: 200, reason: 'OK' };
    await reconnect(otherServer, second);
    await new Promise((r) => setTimeout(r, 800));
    expect(second.call?.state.kind).toBe('active');
  });

  it('asks again when a proxy could not pass the refresh on (503), and keeps the call', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    server.reinviteAnswer = { status: 503, reason: 'Service Unavailable' };
    await reconnect(server, phone);
    await vi.waitFor(() => expect(server.count('INVITE')).toBe(1));
    server.reinviteAnswer = { status: 200, reason: 'OK' };
    await vi.waitFor(() => expect(server.count('INVITE')).toBe(2), { timeout: 4_000 });
    expect(phone.call?.state.kind).toBe('active');
  });

  it('restarts ICE in the refresh after a network change', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    phone.networkChanged();
    await vi.waitFor(() => expect(FakeSdh.last?.iceRestarts.at(-1)).toBe(true));
    expect(phone.call?.state.kind).toBe('active');
  });

  it('refreshes a held call keeping it held', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    await phone.hold();
    await reconnect(server, phone);
    await vi.waitFor(() => expect(FakeSdh.last?.holds.length).toBeGreaterThanOrEqual(3));
    expect(FakeSdh.last?.holds.at(-1)).toBe(true);
    expect(phone.call?.state.kind).toBe('held');
  });
});

describe('a call offered while another is live', () => {
  it('rings as a waiting call (180, never 486) and the agent takes it by holding the current one', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const first = await inCall(server, phone);
    const second = server.invite({}, '555');
    await vi.waitFor(() => expect(phone.waitingCall?.info.remoteUser).toBe('555'));
    expect(server.statusesFor(second)).toEqual([100, 180]);
    expect(phone.waitingCall?.info.offeredWhileBusy).toBe(true);
    expect(phone.call?.state.kind).toBe('active');
    // The platform offered a call: the one on screen may be a zombie, so it is refreshed at once (here it is alive).
    await vi.waitFor(() => expect(server.received.filter((m) => m.method === 'INVITE' && m.callId === first).length).toBe(1));
    await phone.takeWaiting('hold-current');
    await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe('555'));
    expect(phone.call?.state.kind).toBe('active');
    expect(phone.heldCall?.state.kind).toBe('held');
    await phone.swap();
    expect(phone.call?.info.remoteUser).toBe('17410632');
    expect(phone.heldCall?.info.remoteUser).toBe('555');
  });

  it('ends the current call when the agent takes the waiting one that way', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    server.invite({}, '555');
    await vi.waitFor(() => expect(phone.waitingCall).not.toBeNull());
    await phone.takeWaiting('end-current');
    await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe('555'));
    expect(phone.call?.state.kind).toBe('active');
    expect(phone.heldCall).toBeNull();
    expect(server.count('BYE')).toBe(1);
  });

  it('a zombie call on screen is ended by the refresh, and the waiting call rings as the only one', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await inCall(server, phone);
    server.reinviteAnswer = { status: 481, reason: 'Call/Transaction Does Not Exist' };
    const ended: string[] = [];
    phone.on('call', ({ state }) => state.kind === 'ended' && ended.push(state.cause));
    server.invite({}, '555');
    await vi.waitFor(() => expect(ended).toEqual(['network-dropped']));
    expect(phone.call?.info.remoteUser).toBe('555');
    expect(phone.call?.state.kind).toBe('ringing');
    expect(phone.waitingCall).toBeNull();
  });

  it('reports a waiting call nobody took as missed (offered while busy); a third call gets 486 and is reported too', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    await inCall(server, phone);
    const waiting = server.invite({}, '555');
    await vi.waitFor(() => expect(phone.waitingCall).not.toBeNull());
    const third = server.invite({}, '777');
    await vi.waitFor(() => expect(server.statusesFor(third)).toContain(486));
    server.cancel(waiting);
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['777:offered-while-busy', '555:offered-while-busy']));
    expect(phone.call?.state.kind).toBe('active');
  });
});

describe('missed calls', () => {
  it('says why each call that rang was not taken: rang out, abandoned, rejected', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    const rangOut = server.invite({}, '111');
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    server.cancel(rangOut, 'Q.850;cause=19;text="NO_ANSWER"');
    await vi.waitFor(() => expect(missed).toHaveLength(1));
    const abandoned = server.invite({}, '222');
    await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe('222'));
    server.cancel(abandoned);
    // A CANCEL without a reason is reported once the grace for a platform shutting down is over (offered-calls.ts).
    await vi.waitFor(() => expect(missed).toHaveLength(2), { timeout: 3_000 });
    server.invite({}, '333');
    await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe('333'));
    await phone.reject();
    await vi.waitFor(() => expect(missed).toHaveLength(3));
    expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['111:rang-out', '222:abandoned', '333:rejected']);
    // An answered call is not missed.
    await inCall(server, phone);
    await phone.hangUp();
    expect(missed).toHaveLength(3);
  });
});

describe('registering again when a call the platform was to send did not come', () => {
  it('sends REGISTER over the same connection after checking it, and calls it no outage', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const again: unknown[] = [];
    phone.on('registeredAgain', (a) => again.push(a));
    const registers = server.count('REGISTER');
    const connects = server.connects;
    phone.registerAgain();
    await vi.waitFor(() => expect(server.count('REGISTER')).toBeGreaterThan(registers));
    expect(server.connects).toBe(connects);
    expect(phone.registration.kind).toBe('registered');
    expect(again).toEqual([]);
  });

  it('replaces a connection that does not answer the check, and registers over the new one', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const connects = server.connects;
    server.halfOpen = true;
    phone.registerAgain();
    await vi.waitFor(() => expect(server.connects).toBeGreaterThan(connects), { timeout: 5_000 });
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'), { timeout: 5_000 });
  });
});
