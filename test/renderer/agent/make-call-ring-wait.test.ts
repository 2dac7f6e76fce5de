// Make Call's answer came but her phone never rang: said once after the wait, not when a call came meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAKE_CALL_RING_WAIT_MS, MakeCallRingWait } from '../../../renderer/src/agent/make-call-ring-wait';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('waiting for the call Make Call places', () => {
  it('says it did not ring once the wait is over, and only then', () => {
    const wait = new MakeCallRingWait();
    const silent = vi.fn();
    wait.start(Date.now(), silent);
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS - 1);
    expect(silent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(silent).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS * 3);
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it('says nothing when a call came during the wait, or between sending Make Call and its answer', () => {
    const wait = new MakeCallRingWait();
    const silent = vi.fn();
    wait.start(Date.now(), silent);
    vi.advanceTimersByTime(2_000);
    wait.offered();
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS);

    const sentAt = Date.now();
    vi.advanceTimersByTime(300);
    wait.offered(); // the platform's INVITE before Make Call's answer
    vi.advanceTimersByTime(200);
    wait.start(sentAt, silent);
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS * 2);
    expect(silent).not.toHaveBeenCalled();
  });

  it('counts a call offered before Make Call was sent as no answer to it', () => {
    const wait = new MakeCallRingWait();
    const silent = vi.fn();
    wait.offered();
    vi.advanceTimersByTime(1_000);
    wait.start(Date.now(), silent);
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS);
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it('forgets an earlier Make Call when a new one starts, and everything when stopped', () => {
    const wait = new MakeCallRingWait();
    const first = vi.fn();
    const second = vi.fn();
    wait.start(Date.now(), first);
    vi.advanceTimersByTime(5_000);
    wait.start(Date.now(), second);
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    const third = vi.fn();
    wait.start(Date.now(), third);
    wait.stop();
    vi.advanceTimersByTime(MAKE_CALL_RING_WAIT_MS * 2);
    expect(third).not.toHaveBeenCalled();
  });
});
