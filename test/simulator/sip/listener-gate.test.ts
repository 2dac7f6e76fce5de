// When the SIP listeners listen: paused and refusing are independent reasons
// not to, a refusal ends by itself, and close() is for good.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenerGate } from '../../../simulator/sip/listener-gate';

function fakeIo(): { calls: string[]; io: { listen(): Promise<void>; stopListening(): Promise<void> } } {
  const calls: string[] = [];
  return {
    calls,
    io: {
      listen: async () => void calls.push('listen'),
      stopListening: async () => void calls.push('stop'),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ListenerGate', () => {
  it('stops on pause and listens again on resume, once each', async () => {
    const { calls, io } = fakeIo();
    const gate = new ListenerGate(io);
    await gate.pause();
    await gate.pause();
    expect(gate.isPaused()).toBe(true);
    await gate.resume();
    expect(calls).toEqual(['stop', 'listen']);
  });

  it('refuses for a while and listens again by itself; a shorter refusal does not cut a longer one short', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { calls, io } = fakeIo();
    const gate = new ListenerGate(io);
    await gate.refuse(5_000);
    await gate.refuse(1_000);
    expect(gate.refusingUntilMs()).toBe(1_005_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toEqual(['stop']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['stop', 'listen']);
    expect(gate.refusingUntilMs()).toBeUndefined();
  });

  it('stays closed while paused after a refusal ends, and listens once both are over', async () => {
    vi.useFakeTimers();
    const { calls, io } = fakeIo();
    const gate = new ListenerGate(io);
    await gate.refuse(1_000);
    await gate.pause();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual(['stop']);
    await gate.resume();
    expect(calls).toEqual(['stop', 'listen']);
  });

  it('never listens again after close(), even when a refusal was pending', async () => {
    vi.useFakeTimers();
    const { calls, io } = fakeIo();
    const gate = new ListenerGate(io);
    await gate.refuse(1_000);
    await gate.close();
    await vi.advanceTimersByTimeAsync(2_000);
    await gate.resume();
    expect(calls).toEqual(['stop']);
  });

  it('reports a listen that failed and tries again at the next change', async () => {
    const errors: string[] = [];
    let fail = true;
    const calls: string[] = [];
    const gate = new ListenerGate(
      {
        listen: async () => {
          calls.push('listen');
          if (fail) throw new Error('EADDRINUSE');
        },
        stopListening: async () => void calls.push('stop'),
      },
      (error) => errors.push(error.message),
    );
    await gate.pause();
    await gate.resume();
    expect(errors).toEqual(['EADDRINUSE']);
    fail = false;
    await gate.pause();
    await gate.resume();
    expect(calls).toEqual(['stop', 'listen', 'listen']);
  });
});
