/**
 * Time as a port, so schedules (retries, reconnects) can be driven by a fake
 * clock in tests instead of waiting for real time.
 */
export interface TimerHandle {
  readonly cancel: () => void;
}

export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; cancel() before it fires prevents it. */
  setTimer(fn: () => void, ms: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(t) };
  },
};

/** Like systemClock, but its timers do not keep the process alive (background polling). */
export const backgroundClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
