import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBulk, type BulkTask } from '../../../main/cli/bulk/bulk-runner';
import { RowFailureError } from '../../../main/cli/bulk/row-failure';

// The generic runner with a task of its own (no platform involved): stopping,
// bounded rows in flight, and the summary's arithmetic.

describe('runBulk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulk-runner-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const csvOf = async (name: string, rows: number): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, `n,secret_pin\n${Array.from({ length: rows }, (_, i) => `${i + 1},${9000 + i}`).join('\n')}\n`);
    return path;
  };

  const task = (onRun: (n: number) => Promise<void>): BulkTask<number> => ({
    command: 'test',
    requiredColumns: ['n'],
    optionalColumns: [],
    parseRow: (cells) => (/^\d+$/.test(cells.n ?? '') ? { ok: true, job: Number(cells.n) } : { ok: false, problem: 'column n: a number' }),
    alreadyDone: () => false,
    async run(n) {
      await onRun(n);
      return { status: 'ok' };
    },
  });

  const options = (csvPath: string, extra: { stop?: AbortSignal; concurrency?: number } = {}) => ({
    csvPath,
    concurrency: extra.concurrency ?? 2,
    reportPath: `${csvPath}.errors.csv`,
    statePath: `${csvPath}.state.jsonl`,
    dryRun: false,
    instance: 'http://127.0.0.1:1',
    progressStream: { write: () => true },
    ...(extra.stop === undefined ? {} : { stop: extra.stop }),
  });

  it('stops reading rows when told (Ctrl-C), lets rows in flight finish and counts the rest as not attempted', async () => {
    const csv = await csvOf('stop.csv', 100);
    const stop = new AbortController();
    const finished: number[] = [];
    const summary = await runBulk(
      task(async (n) => {
        if (n === 10) stop.abort();
        await new Promise((resolve) => setTimeout(resolve, 1));
        finished.push(n);
      }),
      options(csv, { stop: stop.signal }),
    );
    expect(summary.ok).toBe(finished.length);
    expect(summary.ok).toBeGreaterThanOrEqual(10);
    expect(summary.ok).toBeLessThanOrEqual(12);
    expect(summary.notAttempted).toBe(100 - summary.ok);
    expect(summary.stoppedEarly).toMatch(/^interrupted/);
  });

  it('keeps at most `concurrency` rows in flight and sorts failures by kind, reporting no secret-like column', async () => {
    const csv = await csvOf('kinds.csv', 30);
    let inFlight = 0;
    let maxInFlight = 0;
    const summary = await runBulk(
      task(async (n) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, n % 4));
        inFlight -= 1;
        if (n % 10 === 0) throw new RowFailureError('refused', `row ${n} refused`);
        if (n % 7 === 0) throw new Error(`row ${n} broke`);
      }),
      options(csv, { concurrency: 3 }),
    );
    expect(maxInFlight).toBe(3);
    expect(summary).toMatchObject({ total: 30, ok: 23, failed: 7, failures: { refused: 3, other: 4, network: 0, invalid: 0 }, notAttempted: 0 });
    const report = await readFile(summary.report, 'utf8');
    expect(report.split('\n')[0]).toBe('row,line,n,error_kind,error');
    expect(report).not.toContain('900');
  });
});
