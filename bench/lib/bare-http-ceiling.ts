import { createInterface } from 'node:readline';
import { z } from 'zod';
import { readChildResult } from './child-result';
import { readCpuSeconds } from './proc-stats';
import { spawnTs } from './spawn-simulator';
import { medianBySeconds, round } from './stats';

// What concurrency alone can gain at 0 ms server latency on this machine:
// bare-http-client-child against bare-http-server-child (no work on either
// side), sequential vs concurrent, with the request counts of the real
// variants. Runs take turns over `repeat` rounds; the median run is kept.

export interface CeilingVariant {
  readonly name: string;
  readonly requests: number;
  readonly concurrency: number;
}

export interface CeilingRow {
  readonly variant: string;
  readonly requests: number;
  readonly seconds: number;
  readonly minSeconds: number;
  readonly maxSeconds: number;
  readonly clientCpuSeconds: number;
  readonly serverCpuSeconds: number;
}

const resultSchema = z.object({ seconds: z.number(), cpuSeconds: z.number(), requests: z.number() });

export async function measureBareHttpCeiling(variants: readonly CeilingVariant[], repeat: number): Promise<CeilingRow[]> {
  const server = spawnTs('bench/bare-http-server-child.ts', []);
  try {
    const port = await readPort(server.stdout);
    const runs = new Map<string, { seconds: number; clientCpuSeconds: number; serverCpuSeconds: number }[]>(variants.map((v) => [v.name, []]));
    for (let pass = 0; pass < repeat; pass += 1) {
      for (const variant of variants) {
        const serverCpuBefore = readCpuSeconds(server.pid ?? 0);
        const child = spawnTs('bench/bare-http-client-child.ts', [`http://127.0.0.1:${port}`, String(variant.requests), String(variant.concurrency)]);
        const result = await readChildResult(child, resultSchema, 5 * 60_000);
        if (result.requests !== variant.requests) throw new Error(`the bare client sent ${result.requests} requests, not ${variant.requests}`);
        runs.get(variant.name)?.push({ seconds: result.seconds, clientCpuSeconds: result.cpuSeconds, serverCpuSeconds: readCpuSeconds(server.pid ?? 0) - serverCpuBefore });
      }
    }
    return variants.map((variant) => {
      const { median, minSeconds, maxSeconds } = medianBySeconds(runs.get(variant.name) ?? []);
      return {
        variant: variant.name,
        requests: variant.requests,
        seconds: round(median.seconds),
        minSeconds: round(minSeconds),
        maxSeconds: round(maxSeconds),
        clientCpuSeconds: round(median.clientCpuSeconds),
        serverCpuSeconds: round(median.serverCpuSeconds),
      };
    });
  } finally {
    server.kill('SIGTERM');
  }
}

async function readPort(stdout: NodeJS.ReadableStream | null): Promise<number> {
  if (stdout === null) throw new Error('the bare server has no stdout');
  for await (const line of createInterface({ input: stdout })) {
    const parsed = z.object({ port: z.number().int().positive() }).safeParse(JSON.parse(line) as unknown);
    if (parsed.success) return parsed.data.port;
  }
  throw new Error('the bare server ended without printing its port');
}
