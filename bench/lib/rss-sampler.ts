import { readMemoryStatus } from './proc-stats';

// Samples a process's RSS on a timer and keeps the peak. Inside a child it
// complements the kernel's VmHWM (which only keeps the maximum) with the time
// course; from outside it watches another pid.

export interface RssSampler {
  /** Highest RSS seen so far, bytes. */
  peak(): number;
  samples(): number;
  stop(): number;
}

export function startRssSampler(pid: number | 'self' = 'self', everyMs = 10): RssSampler {
  const read = (): number => (pid === 'self' ? process.memoryUsage.rss() : readMemoryStatus(pid).rssBytes);
  let peak = read();
  let count = 1;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
      count += 1;
    } catch {
      clearInterval(timer); // the watched process ended
    }
  }, everyMs);
  timer.unref();
  return {
    peak: () => peak,
    samples: () => count,
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
