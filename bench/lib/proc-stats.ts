import { readFileSync, writeFileSync } from 'node:fs';

// Memory and CPU of a process as the Linux kernel counts them (/proc), so a
// benchmark can measure a child or the simulator from outside, without
// trusting the measured process to report on itself.

/** Kernel clock ticks per second for /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const CLOCK_TICKS = 100;

export interface MemoryStatus {
  /** Resident set size now, bytes. */
  readonly rssBytes: number;
  /** Peak resident set size ("high-water mark") since start or the last reset, bytes. */
  readonly peakRssBytes: number;
}

export function readMemoryStatus(pid: number | 'self' = 'self'): MemoryStatus {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssBytes: kibField(status, 'VmRSS') * 1024, peakRssBytes: kibField(status, 'VmHWM') * 1024 };
}

/** Resets the peak RSS of a process to its current RSS (Linux `clear_refs` value 5; own processes only). */
export function resetPeakRss(pid: number | 'self' = 'self'): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** User + system CPU time the process has used, seconds. */
export function readCpuSeconds(pid: number | 'self' = 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / CLOCK_TICKS;
}

function kibField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  if (match?.[1] === undefined) throw new Error(`/proc status has no ${name} field`);
  return Number(match[1]);
}
