// Runs a benchmark (bench/*.ts) to its end as `npm run bench` would, and reads the JSON rows its
// figures come from; the benches-*.test.ts files run every bench at a tiny size with it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

const REPO = join(import.meta.dirname, '../..');

export interface BenchRun {
  code: number | null;
  rows: Array<Record<string, unknown>>;
  stderr: string;
}

export function runBench(script: string, args: readonly string[]): Promise<BenchRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 110_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(killer);
      const rows = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code, rows, stderr });
    });
  });
}

export function expectRan(run: BenchRun, bench: string): void {
  expect(run.code, run.stderr).toBe(0);
  expect(run.rows.every((row) => row['bench'] === bench)).toBe(true);
  expect(run.rows.find((row) => row['kind'] === 'machine')).toMatchObject({ cpus: expect.any(Number) });
}
