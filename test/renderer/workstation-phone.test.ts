// The renderer's side of the workstation: the phone status reported to main,
// and main's commands (tray, notification, shortcut) applied to the phone.
import { describe, expect, it } from 'vitest';
import { phoneStatusSchema } from '../../common/ipc-contract';
import type { CallState, PhoneCall } from '../../renderer/src/phone';
import { isPhoneIdle, phoneStatusOf } from '../../renderer/src/workstation/phone-status';
import { applyPhoneCommand, type CommandablePhone } from '../../renderer/src/workstation/use-phone-commands';

function fakeCall(kind: CallState['kind'], id = 'call-1', autoAnswer = false): PhoneCall {
  const state = (kind === 'ended' ? { kind, cause: 'normal', by: 'remote' } : { kind }) as CallState;
  return {
    state,
    info: { id, remoteUser: '099123456', remoteDisplayName: '', cti: { Campaign: 'Soporte<-' }, ctiError: null, autoAnswer: { answer: autoAnswer }, receivedAt: 0 },
  } as unknown as PhoneCall;
}

function fakePhone(call: PhoneCall | null) {
  const done: string[] = [];
  const phone: CommandablePhone & { registration: { kind: 'registered' } } = {
    registration: { kind: 'registered' },
    call,
    answer: async () => void done.push('answer'),
    reject: async () => void done.push('reject'),
    hangUp: async () => {
      done.push('hang-up');
      return { signalled: true };
    },
  };
  return { phone, done };
}

describe('phoneStatusOf', () => {
  it('maps a ringing call with caller and campaign, and is a valid contract payload', () => {
    const status = phoneStatusOf(fakePhone(fakeCall('ringing')).phone);
    expect(status).toEqual({ registration: 'registered', call: { id: 'call-1', state: 'ringing', caller: '099123456', campaign: 'Soporte<-' } });
    expect(phoneStatusSchema.strict().safeParse(status).success).toBe(true);
    expect(isPhoneIdle(status)).toBe(false);
  });

  it('a call the phone answers by itself is "in call" from the start (no notification for it)', () => {
    expect(phoneStatusOf(fakePhone(fakeCall('ringing', 'call-2', true)).phone).call?.state).toBe('in-call');
  });

  it('answering, active and held are "in call"; an ended call is no call', () => {
    for (const kind of ['answering', 'active', 'held'] as const) expect(phoneStatusOf(fakePhone(fakeCall(kind)).phone).call?.state).toBe('in-call');
    const ended = phoneStatusOf(fakePhone(fakeCall('ended')).phone);
    expect(ended.call).toBeNull();
    expect(isPhoneIdle(ended)).toBe(true);
    expect(phoneStatusOf(null)).toEqual({ registration: 'unregistered', call: null });
  });
});

describe('applyPhoneCommand', () => {
  it('answers or rejects the ringing call it names, hangs up a live one', async () => {
    const ringing = fakePhone(fakeCall('ringing'));
    await applyPhoneCommand(ringing.phone, { command: 'answer', callId: 'call-1' });
    await applyPhoneCommand(ringing.phone, { command: 'reject', callId: null });
    const active = fakePhone(fakeCall('active'));
    await applyPhoneCommand(active.phone, { command: 'hang-up', callId: 'call-1' });
    expect(ringing.done).toEqual(['answer', 'reject']);
    expect(active.done).toEqual(['hang-up']);
  });

  it('ignores a command about another call, an answer for a call already up, and show-call', () => {
    const active = fakePhone(fakeCall('active'));
    expect(applyPhoneCommand(active.phone, { command: 'hang-up', callId: 'older-call' })).toBeUndefined();
    expect(applyPhoneCommand(active.phone, { command: 'answer', callId: 'call-1' })).toBeUndefined();
    expect(applyPhoneCommand(active.phone, { command: 'show-call', callId: 'call-1' })).toBeUndefined();
    expect(applyPhoneCommand(fakePhone(null).phone, { command: 'hang-up', callId: null })).toBeUndefined();
    expect(active.done).toEqual([]);
  });
});
