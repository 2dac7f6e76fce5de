import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';

// A benchmark child prints exactly one JSON line starting with {"result":...}
// on stdout as its last act; the parent reads it (or the child's stderr, to
// say why it failed).

export function printChildResult(result: Readonly<Record<string, unknown>>): void {
  process.stdout.write(`${JSON.stringify({ result })}\n`);
}

export async function readChildResult<S extends z.ZodType>(child: ChildProcess, schema: S, timeoutMs: number): Promise<z.output<S>> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  const line = stdout.trim().split('\n').reverse().find((l) => l.startsWith('{"result"'));
  if (line === undefined) throw new Error(`the benchmark child ended (code ${String(code)}) without a result.\n${stderr}`);
  const envelope = z.object({ result: z.unknown() }).parse(JSON.parse(line) as unknown);
  const parsed = schema.safeParse(envelope.result);
  if (!parsed.success) throw new Error(`the benchmark child's result is malformed: ${parsed.error.message}`);
  return parsed.data;
}
