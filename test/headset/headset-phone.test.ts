import { describe, expect, it } from 'vitest';
import { callPicture, performHeadsetAction, type HeadsetPhone } from '../../renderer/src/headset/headset-phone';

type Kind = 'ringing' | 'active' | 'held' | 'ended';
const call = (kind: Kind, muted = false) => ({ state: { kind }, isMuted: muted });

/** A phone with these calls, recording what the headset asked of it. */
function phoneWith(calls: { call?: ReturnType<typeof call>; waiting?: ReturnType<typeof call>; held?: ReturnType<typeof call> }) {
  const asked: string[] = [];
  const done = (what: string) => async () => void asked.push(what);
  const phone = {
    call: calls.call ?? null,
    waitingCall: calls.waiting ?? null,
    heldCall: calls.held ?? null,
    answer: done('answer'),
    reject: done('reject'),
    hangUp: async () => (asked.push('hangUp'), { signalled: true }),
    setMuted: (muted: boolean) => void asked.push(`setMuted:${muted}`),
    hold: done('hold'),
    resume: done('resume'),
    swap: done('swap'),
    takeWaiting: async (mode: string) => void asked.push(`takeWaiting:${mode}`),
    rejectWaiting: done('rejectWaiting'),
  } as unknown as HeadsetPhone;
  return { phone, asked };
}

describe('the phone as the headset sees it', () => {
  it('pictures ringing, live, held (also the other call of two) and muted from the calls', () => {
    expect(callPicture(phoneWith({}).phone)).toEqual({ ringing: false, live: false, held: false, muted: false });
    expect(callPicture(phoneWith({ call: call('ringing') }).phone)).toEqual({ ringing: true, live: false, held: false, muted: false });
    expect(callPicture(phoneWith({ call: call('active', true), waiting: call('ringing') }).phone)).toEqual({ ringing: true, live: true, held: false, muted: true });
    expect(callPicture(phoneWith({ call: call('active'), held: call('held') }).phone)).toEqual({ ringing: false, live: true, held: true, muted: false });
    expect(callPicture(phoneWith({ call: call('ended', true) }).phone)).toEqual({ ringing: false, live: false, held: false, muted: false });
  });

  it('answers a lone ring, takes a waiting call by holding the live one, and rejects each its own way', async () => {
    const lone = phoneWith({ call: call('ringing') });
    await performHeadsetAction(lone.phone, 'answer');
    await performHeadsetAction(lone.phone, 'reject');
    expect(lone.asked).toEqual(['answer', 'reject']);
    const waiting = phoneWith({ call: call('active'), waiting: call('ringing') });
    await performHeadsetAction(waiting.phone, 'answer');
    await performHeadsetAction(waiting.phone, 'reject');
    expect(waiting.asked).toEqual(['takeWaiting:hold-current', 'rejectWaiting']);
  });

  it('toggles mute from the call\'s own state, and passes hang-up, hold, resume and swap on', async () => {
    const muted = phoneWith({ call: call('active', true) });
    for (const action of ['toggle-mute', 'hang-up', 'hold', 'resume', 'swap'] as const) await performHeadsetAction(muted.phone, action);
    expect(muted.asked).toEqual(['setMuted:false', 'hangUp', 'hold', 'resume', 'swap']);
  });
});
