import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readCpuSeconds, readMemoryStatus, resetPeakRss, type MemoryStatus } from './proc-stats';

// Starts the simulator in its own process (so its CPU and memory are measured
// apart from the client's) and waits for the one JSON "ready" line it prints.

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const readySchema = z.looseObject({
  event: z.literal('ready'),
  baseUrl: z.string().url(),
  control: z.object({ url: z.string().url(), secret: z.string().min(1) }),
  credentials: z.looseObject({
    apiUser: z.object({ user: z.string(), password: z.string() }),
    agents: z.array(z.looseObject({ agent: z.string(), password: z.string(), phone: z.string() })),
  }),
});
export type SimulatorReady = z.infer<typeof readySchema>;

export interface SimulatorProcess {
  readonly pid: number;
  readonly ready: SimulatorReady;
  memory(): MemoryStatus;
  resetPeakRss(): void;
  cpuSeconds(): number;
  /** Calls the control API with the secret; `path` is below `/__sim`, e.g. `/state`. */
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** A Node child running a TypeScript file through tsx's loader, in one process (no tsx wrapper process). */
export function spawnTs(script: string, args: readonly string[], options: { nodeArgs?: readonly string[] } = {}): ChildProcess {
  // BENCH_CPU_PROF=<dir>: every measured process writes a V8 CPU profile there (to see where the time goes).
  const profileDir = process.env.BENCH_CPU_PROF;
  const profileArgs = profileDir === undefined || profileDir === '' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  return spawn(process.execPath, [...profileArgs, ...(options.nodeArgs ?? []), '--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** `script`: simulator/main.ts, or a bench's own child that starts the simulator and prints its ready line. */
export async function spawnSimulator(args: readonly string[] = [], timeoutMs = 30_000, script = 'simulator/main.ts'): Promise<SimulatorProcess> {
  const child = spawnTs(script, ['--port', '0', ...args]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const ready = await readReadyLine(child, timeoutMs, readySchema).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`The simulator did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  });
  // Keep draining its output so the simulator never blocks on a full pipe.
  child.stdout?.on('data', () => undefined).resume();
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid,
    ready,
    memory: () => readMemoryStatus(pid),
    resetPeakRss: () => resetPeakRss(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    async control(method, path, body) {
      const response = await fetch(`${ready.control.url}${path}`, {
        method,
        headers: { 'X-Sim-Secret': ready.control.secret, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The first JSON line of the child's stdout that `schema` accepts (a child's "ready" line). */
export async function readReadyLine<S extends z.ZodType>(child: ChildProcess, timeoutMs: number, schema: S): Promise<z.output<S>> {
  if (child.stdout === null) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => lines.close(), timeoutMs);
  try {
    for await (const line of lines) {
      if (!line.trimStart().startsWith('{')) continue;
      const parsed = schema.safeParse(JSON.parse(line) as unknown);
      if (parsed.success) return parsed.data;
    }
  } finally {
    clearTimeout(timer);
  }
  throw new Error(`no ready line within ${timeoutMs} ms (exit code ${String(child.exitCode)})`);
}
