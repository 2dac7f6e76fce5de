import { describe, expect, it } from 'vitest';
import { nextCall, type CallState } from '../../renderer/src/phone/call/call-state';
import { nextRegistration } from '../../renderer/src/phone/connection/registration-state';
import { IllegalTransitionError } from '../../renderer/src/phone/state-machine';

describe('call state', () => {
  it('walks ringing → answering → active ⇄ held → ended', () => {
    let s: CallState = { kind: 'ringing' };
    for (const to of [{ kind: 'answering' }, { kind: 'active' }, { kind: 'held' }, { kind: 'active' }, { kind: 'ended', cause: 'hangup', by: 'agent' }] as CallState[]) {
      s = nextCall(s, to);
    }
    expect(s).toEqual({ kind: 'ended', cause: 'hangup', by: 'agent' });
  });

  it('throws on illegal moves, and ended is final', () => {
    expect(() => nextCall({ kind: 'ringing' }, { kind: 'held' })).toThrow(IllegalTransitionError);
    expect(() => nextCall({ kind: 'ringing' }, { kind: 'active' })).toThrow('call: cannot go from "ringing" to "active".');
    expect(() => nextCall({ kind: 'ended', cause: 'rejected', by: 'agent' }, { kind: 'ringing' })).toThrow(IllegalTransitionError);
  });
});

describe('registration state', () => {
  it('registers, re-registers after a drop, and fails with a reason', () => {
    let s = nextRegistration({ kind: 'unregistered' }, { kind: 'registering' });
    s = nextRegistration(s, { kind: 'registered' });
    s = nextRegistration(s, { kind: 'registering' });
    const refused = { key: 'phone.reg.credentialsRefused', params: { status: '403 Forbidden' } };
    const gaveUp = { key: 'phone.reg.gaveUp', params: {} };
    s = nextRegistration(s, { kind: 'failed', reason: refused });
    expect(s).toEqual({ kind: 'failed', reason: refused });
    expect(nextRegistration(s, { kind: 'failed', reason: gaveUp })).toEqual({ kind: 'failed', reason: gaveUp });
  });

  it('throws on a jump that skips registering', () => {
    expect(() => nextRegistration({ kind: 'unregistered' }, { kind: 'registered' })).toThrow(IllegalTransitionError);
  });

  it('believes a 200 that comes while failed (an earlier REGISTER answered late): registered', () => {
    expect(nextRegistration({ kind: 'failed', reason: { key: 'phone.reg.gaveUp', params: {} } }, { kind: 'registered' })).toEqual({ kind: 'registered' });
  });
});
