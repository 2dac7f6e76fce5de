import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformRefusedError } from '../../../main/api/index';
import { forEachBounded } from '../../../main/cli/bulk/bounded-pool';
import { csvCell } from '../../../main/cli/bulk/error-report';
import { createMembershipBatcher } from '../../../main/cli/bulk/membership-batcher';
import { createProgress, formatDuration, formatProgressLine } from '../../../main/cli/bulk/progress';
import { createUploadProgress } from '../../../main/cli/bulk/upload-progress';
import { openStateFile, stateKey } from '../../../main/cli/bulk/state-file';
import type { QueueMemberInput } from '../../../common/domain';

const member = (user: string, campaign: string): QueueMemberInput => ({ membername: user, queueName: campaign, interface1: 'SIP/1' });

describe('forEachBounded', () => {
  it('never runs more than the limit and pulls the next item only when a slot frees', async () => {
    let running = 0;
    let maxRunning = 0;
    let pulled = 0;
    let maxAhead = 0;
    let finished = 0;
    async function* source() {
      for (let i = 0; i < 50; i += 1) {
        pulled += 1;
        maxAhead = Math.max(maxAhead, pulled - finished);
        yield i;
      }
    }
    await forEachBounded(
      source(),
      async (i) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, i % 3));
        running -= 1;
        finished += 1;
      },
      { limit: 4 },
    );
    expect(finished).toBe(50);
    expect(maxRunning).toBe(4);
    expect(maxAhead).toBeLessThanOrEqual(4);
  });

  it('stops pulling when asked and still finishes the items in flight', async () => {
    const seen: number[] = [];
    let stop = false;
    async function* source() {
      for (let i = 0; ; i += 1) yield i;
    }
    await forEachBounded(source(), async (i) => {
      seen.push(i);
      if (i === 5) stop = true;
    }, { limit: 2, shouldStop: () => stop });
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(seen.length).toBeLessThanOrEqual(8);
  });

  it('on a worker error pulls no more, lets the items in flight finish (after onSourceDone), then throws that error', async () => {
    const events: string[] = [];
    let releaseSlow: () => void = () => undefined;
    async function* source() {
      for (let i = 0; i < 100; i += 1) yield i;
    }
    const run = forEachBounded(
      source(),
      async (i) => {
        events.push(`start ${i}`);
        if (i === 0) await new Promise<void>((resolve) => (releaseSlow = resolve));
        if (i === 1) throw new Error('row 1 failed');
        events.push(`end ${i}`);
      },
      { limit: 3, onSourceDone: () => events.push('source done') },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.at(-1)).toBe('source done');
    releaseSlow();
    await expect(run).rejects.toThrow('row 1 failed');
    expect(events.filter((e) => e.startsWith('start')).length).toBeLessThanOrEqual(3);
    expect(events.at(-1)).toBe('end 0');
  });
});

describe('membership batcher', () => {
  it('sends full batches, then the rest once the input ended and no reserved row can add more', async () => {
    const sent: number[] = [];
    const batcher = createMembershipBatcher(async (members) => {
      sent.push(members.length);
    }, 4);
    const a = batcher.reserve();
    const b = batcher.reserve();
    const c = batcher.reserve();
    const done = [a.add([member('a', 'x'), member('a', 'y')]), b.add([member('b', 'x'), member('b', 'y'), member('b', 'z')])];
    await Promise.all(done);
    expect(sent).toEqual([5]);
    const last = c.add([member('c', 'x')]);
    batcher.endOfInput();
    await last;
    expect(sent).toEqual([5, 1]);
  });

  it('at end of input it waits for reserved rows, and a cancelled row releases the batch', async () => {
    const sent: number[] = [];
    const batcher = createMembershipBatcher(async (members) => {
      sent.push(members.length);
    }, 10);
    const a = batcher.reserve();
    const b = batcher.reserve();
    const added = a.add([member('a', 'x')]);
    batcher.endOfInput();
    await Promise.resolve();
    expect(sent).toEqual([]);
    b.cancel();
    await added;
    expect(sent).toEqual([1]);
  });

  it('splits a refused batch into one request per row so only the guilty row fails', async () => {
    const batcher = createMembershipBatcher(async (members) => {
      if (members.some((m) => m.queueName === 'bad')) throw new PlatformRefusedError('addQueueMember', '0', 'refused');
    }, 3);
    const rows = [batcher.reserve(), batcher.reserve(), batcher.reserve()];
    const results = await Promise.allSettled([
      rows[0]!.add([member('a', 'x')]),
      rows[1]!.add([member('b', 'bad')]),
      rows[2]!.add([member('c', 'x')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batcher.requestsSent).toBe(4);
  });
});

describe('progress', () => {
  it('formats done/total, percentage, rate, ETA and errors', () => {
    expect(formatProgressLine({ label: 'provision', unit: 'rows', total: 1000, done: 250, errors: 2, elapsedMs: 5000 })).toBe(
      'provision 250/1,000 rows 25% · 50 rows/s · ETA 15s · 2 errors',
    );
    expect(formatProgressLine({ label: 'upload', unit: 'bytes', total: 200 * 1048576, done: 50 * 1048576, errors: 0, elapsedMs: 2000 })).toBe(
      'upload 50.0 MiB/200.0 MiB 25% · 25.0 MiB/s · ETA 6s · 0 errors',
    );
    expect(formatDuration(3725)).toBe('1h02m');
  });

  it('writes plain lines every N units off a terminal', () => {
    let out = '';
    let clock = 0;
    const progress = createProgress({ stream: { write: (t: string) => (out += t) }, label: 'x', unit: 'rows', total: 10, everyUnits: 5, everyMs: 60_000, now: () => clock });
    for (let i = 1; i <= 10; i += 1) {
      clock += 10;
      progress.update(i);
    }
    progress.finish();
    expect(out.trim().split('\n').map((l) => l.split(' ')[1])).toEqual(['1/10', '6/10', '10/10']);
  });
});

describe('upload progress', () => {
  it('draws bytes read on one rewritten terminal line, ending it when finished', () => {
    let out = '';
    const display = createUploadProgress({ write: (t: string) => (out += t), isTTY: true, columns: 120 });
    display.onProgress({ bytesRead: 0, totalBytes: 4 * 1048576 });
    display.onProgress({ bytesRead: 4 * 1048576, totalBytes: 4 * 1048576 });
    display.finish();
    expect(out.startsWith('\r\x1b[2Kupload-base 0 B/4.0 MiB 0%')).toBe(true);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).toContain('upload-base 4.0 MiB/4.0 MiB 100%');
  });
});

describe('state file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bulk-state-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps done over attempted, survives a torn last line, and holds no secret', async () => {
    const path = join(dir, 'run.state.jsonl');
    const first = await openStateFile(path);
    const k1 = stateKey('http://x', 'createAgent', 'ana', '1001');
    const k2 = stateKey('http://x', 'createAgent', 'bob', '1002');
    await first.mark(k1, 'attempted', 'agent ana');
    await Promise.all([first.mark(k1, 'done', 'agent ana'), first.mark(k2, 'attempted', 'agent bob')]);
    await first.close();
    await appendFile(path, '{"v":1,"key":"torn');
    const second = await openStateFile(path, { readOnly: true });
    expect(second.status(k1)).toBe('done');
    expect(second.status(k2)).toBe('attempted');
    expect(second.status(stateKey('http://other', 'createAgent', 'ana', '1001'))).toBeUndefined();
    await second.mark(k2, 'done', 'agent bob');
    await second.close();
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(4);
  });

  it('concurrent marks all land in the file, each resolving once written', async () => {
    const path = join(dir, 'group.state.jsonl');
    const state = await openStateFile(path);
    const marks = Array.from({ length: 200 }, (_, i) => state.mark(stateKey('k', String(i)), 'done', `step ${i}`));
    await Promise.all(marks);
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(200);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { what: string }).what)).size).toBe(200);
    await state.close();
    const reread = await openStateFile(path, { readOnly: true });
    expect(reread.status(stateKey('k', '199'))).toBe('done');
  });
});

describe('error report cells', () => {
  it('quotes what CSV needs quoted', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "0"')).toBe('"say ""0"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});
