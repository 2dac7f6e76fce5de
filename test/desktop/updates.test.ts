// What counts as work a restart would cut, from the phone status the renderer
// reports and the wrap-ups main keeps for the signed-in agent.
import { describe, expect, it } from 'vitest';
import type { PhoneStatus } from '../../common/ipc/workstation';
import { workUnderWay } from '../../main/desktop/updates';

const status = (state: 'ringing' | 'in-call' | null): PhoneStatus => ({
  registration: 'registered',
  call: state ? { id: 'c1', state, caller: '099123456', campaign: 'Soporte<-' } : null,
});

describe('work under way', () => {
  it.each([
    ['ringing', 0, 'ringing'],
    ['in-call', 0, 'in-call'],
    ['in-call', 2, 'in-call'],
    [null, 1, 'unsent-wrap-up'],
    [null, 0, null],
  ] as const)('call %s with %d kept wrap-ups: %s', async (call, kept, expected) => {
    expect(await workUnderWay(status(call), async () => kept)).toBe(expected);
  });

  it('nobody signed in (the wrap-up list refuses): no wrap-up on screen', async () => {
    expect(await workUnderWay(status(null), () => Promise.reject(new Error('sign in first')))).toBeNull();
  });
});
