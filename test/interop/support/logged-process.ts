// A server the interop tier runs in the foreground: its output kept (bounded)
// for error messages, stopped with SIGTERM then SIGKILL after 5 s, and a
// promise that rejects if it exits while the test is still waiting for it.
import { spawn, type ChildProcess } from 'node:child_process';

const MAX_LOG_CHARS = 500_000;

export interface LoggedProcess {
  child: ChildProcess;
  log(): string;
  /** Rejects with the log's tail if the process exits before `stop()`. */
  exitedEarly: Promise<never>;
  stop(): Promise<void>;
}

export function startLogged(what: string, bin: string, args: string[], cwd?: string): LoggedProcess {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
  let log = '';
  const keep = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exitedEarly = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      if (!stopping) reject(new Error(`${what} exited (${signal ?? `code ${code}`}). Its log:\n${log.slice(-3_000)}`));
    }),
  );
  exitedEarly.catch(() => undefined);
  return {
    child,
    log: () => log,
    exitedEarly,
    async stop() {
      stopping = true;
      await stopChild(child);
    },
  };
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}
