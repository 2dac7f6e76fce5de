// `npm run sim` as a user starts it: its own process group, the first stdout
// line is the ready line, SIGTERM goes to the whole group as a terminal's
// Ctrl+C or a supervisor would send it. (bench/lib/spawn-simulator.ts starts
// simulator/main.ts without npm, to measure the simulator alone.)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface NpmRunSim {
  /** The ready line, parsed as JSON (the test checks its shape). */
  readonly ready: unknown;
  /** Everything the process printed on stderr so far. */
  stderr(): string;
  /** SIGTERM to the process group; resolves once its output is closed. */
  terminate(): Promise<void>;
  /** SIGKILL to the process group, if it is still there (for finally blocks). */
  kill(): void;
}

export async function npmRunSim(args: readonly string[]): Promise<NpmRunSim> {
  const child = spawn('npm', ['run', '-s', 'sim', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const group = -child.pid!;
  const kill = (): void => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the simulator exited early with ${code}: ${stderr}`)));
    });
    return {
      ready: JSON.parse(line) as unknown,
      stderr: () => stderr,
      async terminate() {
        const closed = Promise.all([child.stdout, child.stderr].map((s) => new Promise<void>((resolve) => s.once('close', resolve))));
        process.kill(group, 'SIGTERM');
        await closed;
      },
      kill,
    };
  } catch (error) {
    kill();
    throw error;
  }
}
