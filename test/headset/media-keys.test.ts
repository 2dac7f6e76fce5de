import { describe, expect, it } from 'vitest';
import { installMediaKeys, mediaKeyAction, SETTLE_MS, type MediaKeyPhone } from '../../renderer/src/headset/media-keys';

type Kind = 'ringing' | 'active' | 'held' | 'ended';

function rig(calls: { call?: Kind; waiting?: Kind }) {
  const asked: string[] = [];
  const log: string[] = [];
  let now = 10_000;
  const phone = {
    call: calls.call ? { state: { kind: calls.call } } : null,
    waitingCall: calls.waiting ? { state: { kind: calls.waiting } } : null,
    answer: async () => void asked.push('answer'),
    hangUp: async () => (asked.push('hangUp'), { signalled: true }),
    takeWaiting: async (mode: string) => void asked.push(`takeWaiting:${mode}`),
  } as unknown as MediaKeyPhone;
  const handlers = new Map<string, (() => void) | null>();
  const session = { setActionHandler: (action: string, handler: (() => void) | null) => void handlers.set(action, handler) } as unknown as MediaSession;
  const uninstall = installMediaKeys(session, phone, { now: () => now, log: (l) => log.push(l) });
  return { asked, log, handlers, uninstall, phone, press: (key = 'play') => handlers.get(key)?.(), later: (ms: number) => void (now += ms) };
}

describe('the play/pause key', () => {
  it('answers a ringing call, hangs up a live or held one, takes a waiting call by holding the live one', () => {
    expect(mediaKeyAction(rig({ call: 'ringing' }).phone)).toBe('answer');
    expect(mediaKeyAction(rig({ call: 'active' }).phone)).toBe('hang-up');
    expect(mediaKeyAction(rig({ call: 'held' }).phone)).toBe('hang-up');
    expect(mediaKeyAction(rig({ call: 'active', waiting: 'ringing' }).phone)).toBe('take-waiting');
    expect(mediaKeyAction(rig({ call: 'ended' }).phone)).toBeNull();
    expect(mediaKeyAction(rig({}).phone)).toBeNull();
  });

  it('takes play, pause and stop, and gives them back', () => {
    const r = rig({ call: 'ringing' });
    expect([...r.handlers.keys()]).toEqual(['play', 'pause', 'stop']);
    r.press('pause');
    expect(r.asked).toEqual(['answer']);
    r.uninstall();
    expect([...r.handlers.values()].every((h) => h === null)).toBe(true);
  });

  it('a second press within SETTLE_MS does nothing (a double press must not answer and hang up); after it, it acts again', () => {
    const r = rig({ call: 'active' });
    r.press('play');
    r.later(SETTLE_MS - 1);
    r.press('pause');
    expect(r.asked).toEqual(['hangUp']);
    r.later(1);
    r.press('pause');
    expect(r.asked).toEqual(['hangUp', 'hangUp']);
    expect(r.log).toContain('media key: pressed again too soon; ignored');
  });

  it('with no call, a press is only logged', () => {
    const r = rig({});
    r.press();
    expect(r.asked).toEqual([]);
    expect(r.log).toEqual(['media key: no call to answer or end; ignored']);
  });
});
