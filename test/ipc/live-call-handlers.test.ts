// phone.keepLiveCall / phone.liveCalls over the dispatcher (issue 24): the
// page's report is parsed by the contract (a snapshot too large or malformed
// is refused, main's memory stays bounded), kept for the signed-in agent only,
// and forgotten when the call ends or the agent signs out.
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, type LiveCallSnapshot, type LiveDialog, type SessionView } from '../../common/ipc-contract';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';
import { createPhoneHandlers } from '../../main/ipc/phone-handlers';
import { createReachabilityProber, tcpConnect } from '../../main/services/connectivity';
import { createPhoneService } from '../../main/services/phone';
import { MAX_KEPT_CALLS } from '../../main/services/phone/live-call-keeper';
import { handlerStubs } from './handler-stubs';

const agentView = (name: string): SessionView => ({
  ...SIGNED_OUT, state: 'signed-in', instanceUrl: 'http://127.0.0.1:9',
  agent: { name, fullname: 'Ana', extension: '1001', campaigns: [] },
  sip: { uri: 'sip:1001@127.0.0.1', authorizationUsername: '1001', authorizationHa1: 'a'.repeat(32), wsUrl: 'ws://127.0.0.1:9/ws', realm: 'asterisk', displayName: 'Ana' },
});

export function snapshot(id: string, patch: Partial<LiveCallSnapshot> = {}): LiveCallSnapshot {
  return {
    id, direction: 'incoming', state: 'active', remoteUser: '099123456', remoteDisplayName: '', cti: { Guid: `guid-${id}`, Campaign: 'Ventas' }, ctiError: null,
    referredBy: null, offeredAt: 1_000, answeredAt: 2_000, heldSince: null, muted: false, autoAnswered: true, notes: 'wants a callback', placed: null,
    dialog: {
      callId: `call-${id}`, localTag: 'agenttag', remoteTag: 'pbxtag', localSeq: 3, remoteTarget: 'sip:asterisk@127.0.0.1:5060;transport=ws',
      routeSet: [], localUri: 'sip:1001@127.0.0.1', remoteUri: 'sip:099123456@127.0.0.1',
    },
    ...patch,
  };
}

function dialogOf(id: string): LiveDialog {
  const { dialog } = snapshot(id);
  if (!dialog) throw new Error('the test snapshot has a dialog');
  return dialog;
}

function setup() {
  let view = agentView('ana.garcia');
  const listeners = new Set<(view: SessionView) => void>();
  const phone = createPhoneService({
    session: { view: () => view, onChange: (l) => (listeners.add(l), () => listeners.delete(l)), renew: () => ({ renewal: 'not-needed' }) },
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
  const dispatch = createDispatcher(handlers, { isTrustedSender: () => true });
  const change = (next: SessionView) => {
    view = next;
    for (const l of listeners) l(next);
  };
  return { dispatch, change, close: () => phone.close() };
}

describe('live calls kept in main', () => {
  it('keeps the last report of each call until it ends, and hands them to a reloaded page', async () => {
    const { dispatch, close } = setup();
    expect(await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a') }, null)).toEqual({ ok: true, value: { kept: 1 } });
    await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a', { state: 'held', heldSince: 5_000 }) }, null);
    expect(await dispatch('phone.liveCalls', {}, null)).toEqual({ ok: true, value: [snapshot('a', { state: 'held', heldSince: 5_000 })] });
    await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: null }, null);
    expect(await dispatch('phone.liveCalls', {}, null)).toEqual({ ok: true, value: [] });
    close();
  });

  it('refuses a report out of bounds and keeps no more than a page can have', async () => {
    const { dispatch, close } = setup();
    const tooLong = await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a', { notes: 'x'.repeat(2_001) }) }, null);
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const hugeCti = await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a', { cti: { Guid: 'g', ParAndValues: 'x'.repeat(20_000) } }) }, null);
    expect(hugeCti).toMatchObject({ ok: false });
    const routes = await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a', { dialog: { ...dialogOf('a'), routeSet: Array.from({ length: 17 }, () => 'sip:p@x') } }) }, null);
    expect(routes).toMatchObject({ ok: false });
    for (let i = 0; i < MAX_KEPT_CALLS + 3; i++) await dispatch('phone.keepLiveCall', { callId: `c${i}`, snapshot: snapshot(`c${i}`) }, null);
    const kept = await dispatch('phone.liveCalls', {}, null);
    expect(kept.ok && (kept.value as LiveCallSnapshot[]).map((c) => c.id)).toEqual(['c3', 'c4', 'c5', 'c6']);
    close();
  });

  it('forgets the calls when the agent signs out, and never hands them to another agent', async () => {
    const { dispatch, change, close } = setup();
    await dispatch('phone.keepLiveCall', { callId: 'a', snapshot: snapshot('a') }, null);
    change(agentView('otro.agente'));
    expect(await dispatch('phone.liveCalls', {}, null)).toEqual({ ok: true, value: [] });
    await dispatch('phone.keepLiveCall', { callId: 'b', snapshot: snapshot('b') }, null);
    change(SIGNED_OUT);
    change(agentView('otro.agente'));
    expect(await dispatch('phone.liveCalls', {}, null)).toEqual({ ok: true, value: [] });
    close();
  });
});
