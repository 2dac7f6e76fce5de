import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { saySchema } from '../../../common/ipc-contract';
import { Outbox, type OutboxStatus, type SendOutcome } from '../../../main/services/outbox';
import { FakeClock } from '../connectivity/fake-clock';

const itemSchema = z.object({ guid: z.string(), l1: z.string().min(1) });
type Item = z.infer<typeof itemSchema>;

let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'nested', 'journal');
});
afterEach(async () => {
  await rm(join(dir, '..', '..'), { recursive: true, force: true });
});

/** A send port whose answers the test scripts; records what reached "the platform". */
function scriptedSend(answers: SendOutcome[], fallback: SendOutcome = { kind: 'ok' }) {
  const delivered: Item[] = [];
  const calls: Item[] = [];
  const send = async (item: Item): Promise<SendOutcome> => {
    calls.push(item);
    const outcome = answers.shift() ?? fallback;
    if (outcome.kind === 'ok') delivered.push(item);
    return outcome;
  };
  return { send, delivered, calls };
}

const never = (): Promise<SendOutcome> => new Promise(() => undefined);

describe('Outbox', () => {
  it('writes the item to disk before it is sent and removes it only after OK', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([]);
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    box.start();
    const { id } = await box.submit({ guid: 'g-1', l1: 'Venta' });
    const onDiskAtSend = await readFile(join(dir, 'outbox.jsonl'), 'utf8');
    expect(onDiskAtSend).toContain(id);
    expect(onDiskAtSend).toContain('"op":"add"');
    await box.whenIdle();
    expect(sent.delivered).toEqual([{ guid: 'g-1', l1: 'Venta' }]);
    expect(box.status()).toMatchObject({ pending: 0, parked: 0, sending: false, lastError: null });
    await box.close();
    // Compacted once everything was done: nothing replays.
    const again = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    expect(again.openReport.replayed.count).toBe(0);
    await again.close();
  });

  it('keeps the journal owner-only: folders it creates 0700, its files 0600 (customers\' numbers, comments)', async () => {
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: never, clock: new FakeClock() });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'Venta' });
    const mode = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(join(dir, '..'))).toBe(0o700);
    expect(await mode(join(dir, 'outbox.jsonl'))).toBe(0o600);
    await box.close();
  });

  it('replays an entry that was journaled but never marked done (crash before send)', async () => {
    const clock = new FakeClock();
    const first = await Outbox.open<Item>({ dir, schema: itemSchema, send: never, clock });
    // Not started: the item is journaled, nothing is sent, then the "process dies".
    await first.submit({ guid: 'g-crash', l1: 'Venta' });
    await first.close();

    const sent = scriptedSend([]);
    const second = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    const replayed: unknown[] = [];
    second.on('replayed', (r) => replayed.push(r));
    second.start();
    await second.whenIdle();
    expect(replayed).toEqual([{ count: 1, inDoubt: 0 }]);
    expect(sent.delivered).toEqual([{ guid: 'g-crash', l1: 'Venta' }]);
    await second.close();
  });

  it('counts an entry whose send had started before the crash as in doubt, and sends it again', async () => {
    const clock = new FakeClock();
    const first = await Outbox.open<Item>({ dir, schema: itemSchema, send: never, clock, sendTimeoutMs: 60_000 });
    first.start();
    await first.submit({ guid: 'g-doubt', l1: 'Venta' });
    await vi.waitFor(() => expect(first.status().sending).toBe(true)); // the attempt record is written, the send hangs
    await first.close(); // aborts the hanging send, as a crash would cut it

    const sent = scriptedSend([]);
    const second = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    expect(second.openReport.replayed).toEqual({ count: 1, inDoubt: 1 });
    second.start();
    await second.whenIdle();
    expect(sent.delivered).toHaveLength(1);
    await second.close();
  });

  it('quarantines a torn tail and garbage lines, reports them, and replays the rest', async () => {
    const clock = new FakeClock();
    const first = await Outbox.open<Item>({ dir, schema: itemSchema, send: never, clock });
    await first.submit({ guid: 'g-a', l1: 'A' });
    await first.submit({ guid: 'g-b', l1: 'B' });
    await first.close();
    const file = join(dir, 'outbox.jsonl');
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    await writeFile(file, [lines[0], 'garbage ☃ not json', '{"v":1,"op":"teleport","id":"x","at":"t"}', lines[1]].join('\n') + '\n');
    await appendFile(file, '{"v":1,"op":"add","id":"torn","at":"2026-'); // torn write, no newline

    const sent = scriptedSend([]);
    const second = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    const reports: { count: number; file: string }[] = [];
    second.on('quarantined', (q) => reports.push(q));
    second.start();
    await second.whenIdle();
    expect(reports).toEqual([{ count: 3, file: join(dir, 'outbox.quarantine.jsonl') }]);
    const quarantine = (await readFile(join(dir, 'outbox.quarantine.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(quarantine.map((l) => (JSON.parse(l) as { line: string }).line)).toEqual([
      'garbage ☃ not json',
      '{"v":1,"op":"teleport","id":"x","at":"t"}',
      '{"v":1,"op":"add","id":"torn","at":"2026-',
    ]);
    expect(sent.delivered.map((d) => d.guid)).toEqual(['g-a', 'g-b']);
    await second.close();
    // The journal was rewritten clean: a third open finds nothing to quarantine.
    const third = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    expect(third.openReport.quarantined).toBeNull();
    await third.close();
  });

  it('retries with exponential backoff and jitter on the injected clock, then sends', async () => {
    const clock = new FakeClock();
    const offline: SendOutcome = { kind: 'retry', reason: 'The platform could not be reached (connection refused).' };
    const sent = scriptedSend([offline, offline, offline, offline]);
    const statuses: OutboxStatus[] = [];
    const box = await Outbox.open<Item>({
      dir,
      schema: itemSchema,
      send: sent.send,
      clock,
      random: () => 0, // no jitter: the ceilings themselves
      backoff: { firstMs: 1_000, factor: 2, capMs: 5_000, jitter: 0.5 },
      sendTimeoutMs: 100_000,
    });
    box.on('status', (s) => statuses.push(s));
    box.start();
    await box.submit({ guid: 'g-1', l1: 'Venta' });
    await vi.waitFor(() => expect(box.status()).toMatchObject({ pending: 1, lastError: offline.reason, nextRetryAt: 1_000 }));
    for (const [i, step] of [1_000, 2_000, 4_000, 5_000].entries()) {
      expect(sent.delivered).toHaveLength(0);
      clock.advance(step);
      await vi.waitFor(() => expect(sent.calls).toHaveLength(i + 2));
      if (i < 3) await vi.waitFor(() => expect(box.status().nextRetryAt).not.toBeNull());
    }
    await box.whenIdle();
    expect(sent.calls).toHaveLength(5);
    expect(sent.delivered).toHaveLength(1);
    // Retry waits, excluding the per-send time limits (100 s).
    expect(clock.requested.filter((ms) => ms !== 100_000)).toEqual([1_000, 2_000, 4_000, 5_000]);
    expect(statuses.at(-1)).toMatchObject({ pending: 0, lastError: null, nextRetryAt: null });
    await box.close();
  });

  it('jitter spreads the wait between half and the whole ceiling', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([{ kind: 'retry', reason: 'HTTP 503' }]);
    const box = await Outbox.open<Item>({
      dir, schema: itemSchema, send: sent.send, clock, random: () => 0.5,
      backoff: { firstMs: 1_000, factor: 2, capMs: 5_000, jitter: 0.5 }, sendTimeoutMs: 100_000,
    });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'Venta' });
    await vi.waitFor(() => expect(clock.requested.filter((ms) => ms !== 100_000)).toEqual([750]));
    await box.close();
    expect(clock.pending).toBe(0);
  });

  it('retries at once when the network comes back', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([{ kind: 'retry', reason: 'offline' }]);
    let notify: ((c: { state: 'online' | 'offline' }) => void) | null = null;
    const online = { onChange: (l: (c: { state: 'online' | 'offline' }) => void) => ((notify = l), () => (notify = null)) };
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock, online, backoff: { firstMs: 60_000, factor: 2, capMs: 60_000, jitter: 0 } });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'Venta' });
    await vi.waitFor(() => expect(box.status().lastError).toBe('offline'));
    expect(sent.delivered).toHaveLength(0);
    notify!({ state: 'online' });
    await box.whenIdle();
    expect(sent.delivered).toHaveLength(1);
    await box.close();
    expect(notify).toBeNull();
  });

  it('a new submit during an outage joins the wait instead of restarting it; an online cue still sends at once', async () => {
    const clock = new FakeClock();
    const offline: SendOutcome = { kind: 'retry', reason: 'offline' };
    const sent = scriptedSend([offline, offline, offline]);
    let notify: ((c: { state: 'online' | 'offline' }) => void) | null = null;
    const online = { onChange: (l: (c: { state: 'online' | 'offline' }) => void) => ((notify = l), () => (notify = null)) };
    const box = await Outbox.open<Item>({
      dir, schema: itemSchema, send: sent.send, clock, online, random: () => 0, sendTimeoutMs: 100_000,
      backoff: { firstMs: 1_000, factor: 2, capMs: 60_000, jitter: 0.5 },
    });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'A' });
    await vi.waitFor(() => expect(box.status().nextRetryAt).toBe(1_000));
    clock.advance(1_000);
    await vi.waitFor(() => expect(box.status().nextRetryAt).toBe(3_000)); // second failure: 2 s more
    clock.advance(500);
    // Agents keep saving during the outage: the line keeps its wait, nothing is sent now.
    await box.submit({ guid: 'g-2', l1: 'B' });
    await box.submit({ guid: 'g-3', l1: 'C' });
    expect(box.status()).toMatchObject({ pending: 3, nextRetryAt: 3_000 });
    expect(sent.calls).toHaveLength(2);
    clock.advance(1_500);
    await vi.waitFor(() => expect(sent.calls).toHaveLength(3)); // the wait ended: g-1 again, refused a third time
    await vi.waitFor(() => expect(box.status().nextRetryAt).toBe(7_000));
    expect(sent.calls.map((c) => c.guid)).toEqual(['g-1', 'g-1', 'g-1']);
    notify!({ state: 'online' }); // the network is back: at once, whatever the wait
    await box.whenIdle();
    expect(sent.delivered.map((d) => d.guid)).toEqual(['g-1', 'g-2', 'g-3']);
    await box.close();
  });

  it('keeps the reason as a message key through the journal (the agent reads it in her language after a restart), and the last error with it', async () => {
    const clock = new FakeClock();
    const say = { key: 'outbox.disposition.refusedRepeatedly', params: { body: '"0"', times: '5' } };
    const retrySay = { key: 'reason.timeout', params: { timeoutMs: '15000' } };
    const sent = scriptedSend([{ kind: 'retry', reason: 'slow', say: retrySay }, { kind: 'permanent', reason: 'refused 5 times', say }]);
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    box.start();
    const { id } = await box.submit({ guid: 'g-1', l1: 'A' });
    await vi.waitFor(() => expect(box.status().lastErrorSay).toEqual(retrySay));
    clock.advance(60_000);
    await box.whenIdle();
    expect(box.status()).toMatchObject({ parked: 1, lastError: 'refused 5 times', lastErrorSay: say });
    await box.close();
    const reopened = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    expect(reopened.parkedEntries()).toEqual([{ id, item: { guid: 'g-1', l1: 'A' }, reason: 'refused 5 times', say }]);
    // Put back in line, it has no reason any more.
    reopened.start();
    await reopened.unpark(id);
    await reopened.whenIdle();
    expect(reopened.parkedEntries()).toEqual([]);
    await reopened.close();
  });

  it('cuts the last error\'s quoted words to what the page reads (a platform\'s long answer)', async () => {
    const clock = new FakeClock();
    const say = { key: 'outbox.disposition.refused', params: { body: 'x'.repeat(10_000) } };
    const sent = scriptedSend([{ kind: 'retry', reason: 'refused', say }]);
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'A' });
    await vi.waitFor(() => expect(box.status().lastErrorSay?.key).toBe('outbox.disposition.refused'));
    expect(saySchema.safeParse(box.status().lastErrorSay).success).toBe(true);
    expect(box.status().lastErrorSay?.params['body']).toMatch(/^x{299}…$/u);
    await box.close();
  });

  it('a submit when the line is not waiting is sent at once', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([]);
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    box.start();
    await box.submit({ guid: 'g-1', l1: 'A' });
    await box.whenIdle();
    await box.submit({ guid: 'g-2', l1: 'B' });
    await box.whenIdle();
    expect(sent.delivered.map((d) => d.guid)).toEqual(['g-1', 'g-2']);
    expect(clock.pending).toBe(0);
    await box.close();
  });

  it('parks a permanently refused item (never drops it), keeps sending the others, and can put it back', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([{ kind: 'permanent', reason: 'The platform refused the disposition (bad input).' }]);
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    const parked: string[] = [];
    box.on('parked', (p) => parked.push(p.reason));
    box.start();
    const { id } = await box.submit({ guid: 'g-bad', l1: 'X' });
    await box.submit({ guid: 'g-good', l1: 'Y' });
    await box.whenIdle();
    expect(parked).toEqual(['The platform refused the disposition (bad input).']);
    expect(sent.delivered.map((d) => d.guid)).toEqual(['g-good']);
    expect(box.status()).toMatchObject({ pending: 0, parked: 1 });
    await box.close();

    const reopened = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock });
    expect(reopened.parkedEntries()).toEqual([{ id, item: { guid: 'g-bad', l1: 'X' }, reason: 'The platform refused the disposition (bad input).', say: null }]);
    reopened.start();
    await reopened.unpark(id);
    await reopened.whenIdle();
    expect(sent.delivered.map((d) => d.guid)).toEqual(['g-good', 'g-bad']);
    expect(reopened.status()).toMatchObject({ pending: 0, parked: 0 });
    await reopened.close();
  });

  it('parks an entry after maxAttempts retryable failures', async () => {
    const clock = new FakeClock();
    const sent = scriptedSend([], { kind: 'retry', reason: 'HTTP 500' });
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send: sent.send, clock, maxAttempts: 3, random: () => 0, backoff: { firstMs: 10, factor: 1, capMs: 10, jitter: 0 } });
    box.start();
    await box.submit({ guid: 'g', l1: 'Z' });
    for (let i = 1; i <= 2; i++) {
      await vi.waitFor(() => expect(box.status().nextRetryAt).not.toBeNull());
      expect(sent.calls).toHaveLength(i);
      clock.advance(10);
    }
    await box.whenIdle();
    expect(sent.calls).toHaveLength(3);
    expect(box.status()).toMatchObject({ pending: 0, parked: 1 });
    expect(box.parkedEntries()[0]!.reason).toBe('Gave up after 3 attempts; last error: HTTP 500');
    await box.close();
  });

  it('refuses an invalid item before saving it, and a send that throws counts as retryable', async () => {
    const clock = new FakeClock();
    const box = await Outbox.open<Item>({
      dir, schema: itemSchema, clock,
      send: async () => { throw new Error('socket hang up'); },
    });
    box.start();
    await expect(box.submit({ guid: 'g', l1: '' })).rejects.toThrow(/not valid/);
    await box.submit({ guid: 'g', l1: 'ok' });
    await vi.waitFor(() => expect(box.status()).toMatchObject({ pending: 1, lastError: 'socket hang up' }));
    await box.close();
  });

  it('parks a stored item that no longer matches the schema instead of dropping it', async () => {
    const clock = new FakeClock();
    const loose = await Outbox.open<unknown>({ dir, schema: z.unknown(), send: never, clock });
    await loose.submit({ unexpected: true });
    await loose.close();
    const strict = await Outbox.open<Item>({ dir, schema: itemSchema, send: never, clock });
    expect(strict.status()).toMatchObject({ pending: 0, parked: 1 });
    expect(strict.parkedEntries()[0]!.item).toBeNull();
    await strict.close();
  });
});

describe('Outbox journal size', () => {
  it('compacts a journal that keeps a parked entry once many records accumulated', async () => {
    const clock = new FakeClock();
    let first = true;
    const send = async (): Promise<SendOutcome> => (first ? ((first = false), { kind: 'permanent', reason: 'bad' }) : { kind: 'ok' });
    const box = await Outbox.open<Item>({ dir, schema: itemSchema, send, clock });
    box.start();
    for (let i = 0; i < 200; i++) {
      await box.submit({ guid: `g-${i}`, l1: 'A' });
      await box.whenIdle();
    }
    const lines = (await readFile(join(dir, 'outbox.jsonl'), 'utf8')).split('\n').filter(Boolean);
    // 200 entries × (add, attempt, done/park) = 600 records; compaction keeps the parked one and what came after.
    expect(lines.length).toBeLessThan(600);
    expect(lines.filter((l) => l.includes('"op":"park"'))).toHaveLength(1);
    expect(box.status()).toMatchObject({ pending: 0, parked: 1 });
    await box.close();
    const reopened = await Outbox.open<Item>({ dir, schema: itemSchema, send, clock });
    expect(reopened.parkedEntries().map((p) => p.item?.guid)).toEqual(['g-0']);
    await reopened.close();
  });
});
