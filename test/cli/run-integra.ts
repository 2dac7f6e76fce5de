import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Spawns bin/integra.js as a user would, with a bounded lifetime.

const bin = fileURLToPath(new URL('../../bin/integra.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `input`, when given, is the command's standard input (otherwise it is empty and closed). */
export function runIntegra(args: readonly string[], env: Record<string, string> = {}, timeoutMs = 20_000, input?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
