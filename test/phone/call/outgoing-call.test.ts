// The phone's own calls (placed as consultations) on the fake PBX: calling → remote-ringing →
// active through a digest challenge, the controls of any call (hold, DTMF, refresh, hang-up),
// and every failure status ending it with words the UI can say.
import { describe, expect, it, vi } from 'vitest';
import { english, speak } from '../../../common/i18n/say';
import type { CallState } from '../../../renderer/src/phone';
import { FakeSdh } from '../support/fake-sdh';
import { callIdOf, transferKit } from '../support/transfer-kit';

const { inCall } = transferKit();
const EXT = { kind: 'extension', extension: '1002' } as const;

describe('a call the phone places', () => {
  it('goes calling → remote-ringing (ringback) → active through a 401 challenge answered with the HA1', async () => {
    const { phone, pbx, tones } = await inCall();
    pbx.callee = { challenge: true, provisional: [180], final: null };
    const customer = phone.call!;
    const states: string[] = [];
    phone.on('call', (e) => e.call !== customer && states.push(e.state.kind));
    const call = await phone.consult(EXT);
    expect(customer.state.kind).toBe('held');
    expect(call).toMatchObject({ direction: 'outgoing', role: 'consultation' });
    expect(call.info).toMatchObject({ consultationOf: customer.id, target: '1002', remoteUser: '1002' });
    expect(customer).toMatchObject({ direction: 'incoming', role: 'customer' });
    await vi.waitFor(() => expect(call.state.kind).toBe('remote-ringing'));
    expect(pbx.digests).toEqual([true]);
    expect(pbx.invites[0]!.ruri?.toString()).toBe('sip:1002@127.0.0.1');
    expect(tones.at(-1)).toBe('start:ringback');
    expect(phone.call).toBe(call); // the agent deals with the call being placed
    pbx.answerCall(callIdOf(pbx));
    await vi.waitFor(() => expect(call.state.kind).toBe('active'));
    expect(tones.at(-1)).toBe('stop:ringback');
    expect(states).toEqual(['calling', 'remote-ringing', 'active']);
    expect(call.activeSince).not.toBeNull();
  });

  it('holds, resumes, sends DTMF, is refreshed after a network change and hangs up with BYE like any call', async () => {
    const { phone, pbx, server } = await inCall();
    const call = await phone.consult(EXT);
    await vi.waitFor(() => expect(call.state.kind).toBe('active'));
    const sdh = FakeSdh.last!;
    await phone.hold();
    expect(call.state.kind).toBe('held');
    await call.resume();
    expect(sdh.holds.slice(-2)).toEqual([true, false]);
    phone.sendDtmf('12#');
    expect(sdh.dtmf).toEqual(['12#']);
    const callId = callIdOf(pbx);
    const reinvites = (): number => server.received.filter((m) => m.method === 'INVITE' && m.callId === callId).length;
    const before = reinvites();
    phone.networkChanged();
    await vi.waitFor(() => expect(reinvites()).toBe(before + 1));
    expect(sdh.iceRestarts.at(-1)).toBe(true);
    expect(call.state.kind).toBe('active');
    expect(await call.hangUp()).toEqual({ signalled: true });
    expect(server.received.some((m) => m.method === 'BYE' && m.callId === callId)).toBe(true);
    expect(call.state).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
  });

  it('ends as not-reached with what 404, 486, 480, 503 and 603 mean', async () => {
    const { phone, pbx } = await inCall();
    const seen: string[] = [];
    for (const status of [404, 486, 480, 503, 603]) {
      pbx.callee = { challenge: false, provisional: [183], final: status };
      const call = await phone.consult(EXT);
      await vi.waitFor(() => expect(call.state.kind).toBe('ended'));
      const state = call.state as Extract<CallState, { kind: 'ended' }>;
      expect(state).toMatchObject({ cause: 'not-reached', by: 'remote', failure: { status } });
      seen.push(`${state.failure?.kind}: ${english(state.reason!)}`);
      expect(speak('es', state.reason!)).toMatch(/^La llamada a 1002 no se pudo completar: /);
    }
    expect(seen).toEqual([
      'not-found: The call to 1002 did not go through: 1002 does not exist.',
      'busy: The call to 1002 did not go through: 1002 is busy.',
      'unavailable: The call to 1002 did not go through: 1002 is not available right now (480).',
      'unavailable: The call to 1002 did not go through: 1002 is not available right now (503).',
      'declined: The call to 1002 did not go through: 1002 declined the call.',
    ]);
    expect(phone.call?.state.kind).toBe('held'); // the customer waits for the agent's own action
  });

  it('sends CANCEL when hung up while it rings, and ends as cancelled by the agent', async () => {
    const { phone, pbx, server } = await inCall();
    pbx.callee = { challenge: false, provisional: [180], final: null };
    const call = await phone.consult(EXT);
    await vi.waitFor(() => expect(call.state.kind).toBe('remote-ringing'));
    expect(await call.hangUp()).toEqual({ signalled: true });
    await vi.waitFor(() => expect(call.state).toEqual({ kind: 'ended', cause: 'cancelled', by: 'agent' }));
    expect(server.count('CANCEL')).toBe(1);
    await expect(call.answer()).rejects.toThrow(/already ended/);
  });

  it('cannot be answered or rejected by the agent: it is answered at the other end', async () => {
    const { phone, pbx } = await inCall();
    pbx.callee = { challenge: false, provisional: [180], final: null };
    const call = await phone.consult(EXT);
    await expect(call.answer()).rejects.toThrow(/answered at the other end/);
    await expect(call.reject()).rejects.toThrow(/Only a ringing call/);
  });
});
