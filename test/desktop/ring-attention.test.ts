import { describe, expect, it } from 'vitest';
import type { PhoneStatus } from '../../common/ipc/workstation';
import { createRingAttention } from '../../main/desktop/ring-attention';

function fakeWindow(focused: boolean) {
  const flashes: boolean[] = [];
  return { flashes, window: { flashFrame: (flag: boolean) => void flashes.push(flag), isFocused: () => focused, isDestroyed: () => false } };
}

const ringing: PhoneStatus = { registration: 'registered', call: { id: 'c1', state: 'ringing', caller: '098700001', campaign: 'Soporte<-' } };
const inCall: PhoneStatus = { registration: 'registered', call: { id: 'c1', state: 'in-call', caller: '098700001', campaign: 'Soporte<-' } };
const idle: PhoneStatus = { registration: 'registered', call: null };

describe('taskbar attention while a call rings', () => {
  it('flashes once when a call rings in a window without focus, and stops when it is answered', () => {
    const { flashes, window } = fakeWindow(false);
    const attention = createRingAttention(window);
    attention.update(ringing);
    attention.update(ringing);
    attention.update(inCall);
    attention.update(idle);
    expect(flashes).toEqual([true, false]);
  });

  it('does not flash a window that has the focus (the call bar shows it)', () => {
    const { flashes, window } = fakeWindow(true);
    const attention = createRingAttention(window);
    attention.update(ringing);
    attention.update(idle);
    expect(flashes).toEqual([]);
  });
});
