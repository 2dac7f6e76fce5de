import { cpus, loadavg, totalmem } from 'node:os';
import type { Cell } from './report';

/** What the figures were measured on: they only compare within one run on one machine. */
export function machine(): Record<string, Cell> {
  const [load1] = loadavg();
  return {
    kind: 'machine',
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    loadAverage1m: Number((load1 ?? 0).toFixed(2)),
    node: process.version,
  };
}
