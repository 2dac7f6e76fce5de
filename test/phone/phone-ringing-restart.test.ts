// A call ringing when the platform goes away (issue 23), in Node on the fake
// SIP server: a crashed platform sends no CANCEL, so the phone stops the ring
// itself as soon as the INVITE's connection closes (no answer could reach the
// platform over another), records the call with what took it, never lets a
// fresh call wait beside the dead one, never answers or rejects it into the
// void, and never ends the live call to answer it. A CANCEL the platform sends as it
// shuts down (its socket then closes "going away") is the restart too.
import { describe, expect, it, vi } from 'vitest';
import type { Phone, PhoneEvents } from '../../renderer/src/phone';
import { FakeSipServer } from './support/fake-sip-server';
import { phoneKit } from './support/phone-kit';

const { registered, CTI } = phoneKit();

function missedOf(phone: Phone): PhoneEvents['missed'][] {
  const missed: PhoneEvents['missed'][] = [];
  phone.on('missed', (m) => missed.push(m));
  return missed;
}

async function ringing(server: FakeSipServer, phone: Phone, from: string): Promise<string> {
  const callId = server.invite({ 'X-CTI': CTI }, from);
  await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe(from));
  expect(phone.call?.state.kind).toBe('ringing');
  return callId;
}

async function backAgain(server: FakeSipServer, phone: Phone, connects: number): Promise<void> {
  await vi.waitFor(() => expect(server.connects).toBeGreaterThan(connects));
  await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
}

describe('a ringing call when the connection to the platform is lost', () => {
  it('stops ringing as soon as its connection closes, before the phone is back, missed as "connection lost" (a crash and a cut look alike)', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    const callId = await ringing(server, phone, '111');
    const call = phone.call;
    const connects = server.connects;
    server.refuseConnections = true;
    server.drop('dropped');
    // The phone has no connection and no answer could reach the platform over another: the ring is over.
    expect(call?.state).toMatchObject({ kind: 'ended', cause: 'connection-lost', by: 'system', loss: 'connection-lost', reason: { key: 'phone.ringLost.connection' } });
    expect(phone.registration.kind).not.toBe('registered');
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['111:connection-lost']));
    server.refuseConnections = false;
    await backAgain(server, phone, connects);
    expect(server.statusesFor(callId)).not.toContain(200);
    expect(missed).toHaveLength(1);
  });

  it('says "the network" when main had reported a network change that took the connection', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await ringing(server, phone, '112');
    const call = phone.call;
    server.halfOpen = true; // the keep-alive the network change asks for goes unanswered
    phone.networkChanged();
    await vi.waitFor(() => expect(call?.state).toMatchObject({ kind: 'ended', cause: 'connection-lost', loss: 'network', reason: { key: 'phone.ringLost.network' } }), { timeout: 10_000 });
  });

  it('says "platform restarted" when the platform closed the socket saying it goes away', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    await ringing(server, phone, '222');
    const connects = server.connects;
    server.drop('server-going-away');
    await backAgain(server, phone, connects);
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['222:platform-restarted']));
  });

  it('a fresh call over the new connection rings alone, never as "waiting" beside the dead one', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    await ringing(server, phone, '333');
    const dead = phone.call;
    const connects = server.connects;
    server.drop('dropped');
    await vi.waitFor(() => expect(server.connects).toBeGreaterThan(connects));
    // The INVITE races the REGISTER's 200: it came over the new connection, so the old ring is over either way.
    server.invite({ 'X-CTI': CTI }, '444');
    await vi.waitFor(() => expect(phone.call?.info.remoteUser).toBe('444'));
    expect(dead?.state).toMatchObject({ kind: 'ended', cause: 'connection-lost' });
    expect(phone.waitingCall).toBeNull();
    expect(phone.call?.state.kind).toBe('ringing');
    expect(phone.call?.info.offeredWhileBusy).toBe(false);
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['333:connection-lost']));
  });

  it('answering it once the connection is gone sends no 200: no answered call, no wrap-up', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    const callId = await ringing(server, phone, '555');
    const call = phone.call;
    server.refuseConnections = true;
    server.drop('dropped');
    await expect(phone.answer()).rejects.toMatchObject({ say: { key: 'phone.err.noCall' } });
    expect(call?.state).toMatchObject({ kind: 'ended', cause: 'connection-lost' });
    expect(call?.activeSince).toBeNull();
    expect(server.statusesFor(callId)).not.toContain(200);
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['555:connection-lost']));
  });

  it('a waiting call ends as lost with its connection, not rejected: "end the current one and answer" then leaves the live call alone', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    await ringing(server, phone, '666');
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    const live = phone.call;
    server.invite({ 'X-CTI': CTI }, '777');
    await vi.waitFor(() => expect(phone.waitingCall?.info.remoteUser).toBe('777'));
    const waiting = phone.waitingCall;
    server.refuseConnections = true;
    server.drop('dropped');
    await expect(phone.takeWaiting('end-current')).rejects.toMatchObject({ say: { key: 'phone.err.noWaitingCall' } });
    expect(waiting?.state).toMatchObject({ kind: 'ended', cause: 'connection-lost' });
    expect(live?.state.kind).toBe('active');
    expect(server.count('BYE')).toBe(0);
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['777:connection-lost']));
  });

  it('a call that rang over the connection up now is answered as always', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const connects = server.connects;
    server.drop('dropped');
    await backAgain(server, phone, connects);
    const callId = await ringing(server, phone, '888');
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    expect(server.statusesFor(callId)).toContain(200);
  });
});

describe('a CANCEL as the platform shuts down', () => {
  it('is the restart when the socket closes "going away" right after; a CANCEL alone is the caller giving up', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    const missed = missedOf(phone);
    const first = await ringing(server, phone, '121');
    server.cancel(first);
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ended'));
    server.drop('server-going-away');
    await vi.waitFor(() => expect(missed.map((m) => `${m.remoteUser}:${m.reason}`)).toEqual(['121:platform-restarted']));
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    const second = await ringing(server, phone, '131');
    server.cancel(second);
    await vi.waitFor(() => expect(missed).toHaveLength(2), { timeout: 3_000 });
    expect(missed[1]?.reason).toBe('abandoned');
  });
});

describe('a live call the platform no longer has after it restarted', () => {
  it('ends as dropped with the restart as its reason, not the network', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    await ringing(server, phone, '141');
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    server.reinviteAnswer = { status: 481, reason: 'Call/Transaction Does Not Exist' };
    const connects = server.connects;
    server.drop('server-going-away');
    await backAgain(server, phone, connects);
    await vi.waitFor(() => expect(phone.call?.state).toMatchObject({ kind: 'ended', cause: 'network-dropped', loss: 'platform-restarted', reason: { key: 'phone.dropped.restart' } }));
  });
});
