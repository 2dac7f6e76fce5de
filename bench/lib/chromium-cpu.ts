// CPU time of one Chromium, by kind of process, as the kernel counts it
// (/proc, proc-stats.ts): the browser process is the one started with our
// profile (`--user-data-dir=<profile>`), the rest are its descendants, named
// by their `--type=` (renderer, gpu-process, zygote, utility) and, for
// utilities, their service (the audio service plays and captures for every
// page). A page's scripts, its workers, WebRTC's codecs and Web Audio's
// rendering all run in its renderer.
import { readFileSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { readCpuSeconds } from './proc-stats';

export type CpuByKind = Record<string, number>;

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly args: string[];
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    // Chromium's children rewrite their command line as one space-separated string (a process title).
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/u);
    return { pid, ppid, args };
  } catch {
    return null; // gone meanwhile
  }
}

function kindOf(args: readonly string[]): string {
  const value = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const type = value('type');
  if (type === undefined) return 'browser';
  if (type !== 'utility') return type;
  const service = value('utility-sub-type') ?? 'other';
  return `utility: ${service.replace(/\.mojom\..*$/u, '')}`;
}

/** The processes of the Chromium started with `profileDir`, pid → kind. */
export function chromiumProcesses(profileDir: string): Map<number, string> {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is ProcessInfo => p !== null);
  const root = all.find((p) => p.args.includes(`--user-data-dir=${profileDir}`) && !p.args.some((a) => a.startsWith('--type=')));
  if (!root) throw new Error(`no Chromium runs with the profile ${profileDir}`);
  const found = new Map<number, string>([[root.pid, 'browser']]);
  // Descendants: a few passes down the tree (browser → zygote → renderers) are enough; bounded all the same.
  for (let depth = 0; depth < 6; depth++) {
    for (const p of all) if (!found.has(p.pid) && found.has(p.ppid)) found.set(p.pid, kindOf(p.args));
  }
  return found;
}

/** CPU seconds used so far by each process of that Chromium. */
export function chromiumCpu(profileDir: string): Map<number, { kind: string; seconds: number }> {
  const out = new Map<number, { kind: string; seconds: number }>();
  for (const [pid, kind] of chromiumProcesses(profileDir)) {
    try {
      out.set(pid, { kind, seconds: readCpuSeconds(pid) });
    } catch {
      // ended between the listing and the read
    }
  }
  return out;
}

/** CPU seconds used between two readings, by kind (a process started in between counts from zero). */
export function cpuUsed(before: ReturnType<typeof chromiumCpu>, after: ReturnType<typeof chromiumCpu>): CpuByKind {
  const used: CpuByKind = {};
  for (const [pid, { kind, seconds }] of after) used[kind] = (used[kind] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return used;
}

/**
 * Gives every thread of that Chromium the nice value `nice` (Linux sets it per thread; a thread started
 * later takes its creator's). Negative values need root. For a bench on a machine shared with other
 * work: at a load of several times its cores, any normal-priority thread waits its turn for tens of ms.
 */
export function reniceChromium(profileDir: string, nice: number): number {
  let threads = 0;
  for (const pid of chromiumProcesses(profileDir).keys()) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const tid of tids) {
      try {
        setPriority(Number(tid), nice);
        threads += 1;
      } catch {
        // a thread that ended, or no permission: left as it is
      }
    }
  }
  return threads;
}
