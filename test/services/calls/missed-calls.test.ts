// Missed calls are kept per agent on disk (owner-only), newest first, one per
// id, the newest 1,000 and none older than 30 days; the calls service needs a
// signed-in agent for them, and a damaged file is set aside and said.
import { english } from '../../../common/i18n/say';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, type MissedCall, type SessionView } from '../../../common/ipc-contract';
import { createCallsService, type CallsService } from '../../../main/services/calls';
import { MISSED_CALLS_LIMIT, openMissedCalls } from '../../../main/services/calls/missed-calls';

let dir: string;
const opened: CallsService[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'missed-calls-'));
});
afterEach(async () => {
  for (const calls of opened.splice(0)) await calls.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2026-11-21T12:00:00.000Z');
const minutesAgo = (minutes: number): string => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const missed = (id: string, offeredMinutesAgo: number, patch: Partial<MissedCall> = {}): MissedCall => ({
  id, guid: null, caller: '099123456', campaign: 'Soporte<-', offeredAt: minutesAgo(offeredMinutesAgo), endedAt: minutesAgo(offeredMinutesAgo - 0.5), reason: 'rang-out', ...patch,
});

describe('missed calls store', () => {
  it('lists newest first, replaces a call recorded again under the same id, and keeps each agent apart', () => {
    const store = openMissedCalls(join(dir, 'missed-calls'), () => NOW);
    store.record('ana.garcia', missed('m-1', 30));
    store.record('ana.garcia', missed('m-2', 10));
    store.record('ana.garcia', missed('m-1', 30, { reason: 'abandoned' }));
    store.record('bruno.diaz', missed('m-9', 5));
    const again = openMissedCalls(join(dir, 'missed-calls'), () => NOW); // a restart reads them back
    expect(again.list('ana.garcia')).toEqual([missed('m-2', 10), missed('m-1', 30, { reason: 'abandoned' })]);
    expect(again.list('bruno.diaz').map((c) => c.id)).toEqual(['m-9']);
    expect(again.list('carla.ruiz')).toEqual([]);
  });

  it('keeps the newest 1,000 and nothing older than 30 days', () => {
    let now = NOW;
    const store = openMissedCalls(join(dir, 'missed-calls'), () => now);
    store.record('ana.garcia', missed('too-old', 30 * 24 * 60 + 1));
    expect(store.list('ana.garcia')).toEqual([]);
    for (let i = 0; i < MISSED_CALLS_LIMIT + 5; i++) store.record('ana.garcia', missed(`m-${i}`, 2_000 - i));
    const kept = store.list('ana.garcia');
    expect(kept).toHaveLength(MISSED_CALLS_LIMIT);
    expect(kept[0]!.id).toBe(`m-${MISSED_CALLS_LIMIT + 4}`);
    expect(kept.at(-1)!.id).toBe('m-5');
    now = new Date(NOW.getTime() + 30 * 24 * 3_600_000 - 1_000 * 60_000); // later, the oldest age out
    expect(store.list('ana.garcia').length).toBeLessThan(MISSED_CALLS_LIMIT);
    expect(store.list('ana.garcia').every((c) => Date.parse(c.offeredAt) >= now.getTime() - 30 * 24 * 3_600_000)).toBe(true);
  });

  it('dismisses some or all', () => {
    const store = openMissedCalls(join(dir, 'missed-calls'), () => NOW);
    for (const id of ['m-1', 'm-2', 'm-3']) store.record('ana.garcia', missed(id, 10));
    expect(store.dismiss('ana.garcia', { ids: ['m-2', 'unknown'] }).map((c) => c.id).sort()).toEqual(['m-1', 'm-3']);
    expect(store.dismiss('ana.garcia', { all: true })).toEqual([]);
    expect(openMissedCalls(join(dir, 'missed-calls'), () => NOW).list('ana.garcia')).toEqual([]);
  });

  it('is owner-only: folder 0700, files 0600', () => {
    const folder = join(dir, 'missed-calls');
    openMissedCalls(folder, () => NOW).record('ana.garcia', missed('m-1', 1));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(folder)) expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
  });

  it('sets a damaged file aside, says so once, and starts again empty', () => {
    const folder = join(dir, 'missed-calls');
    const store = openMissedCalls(folder, () => NOW);
    store.record('ana.garcia', missed('m-1', 1));
    const [file] = readdirSync(folder);
    writeFileSync(join(folder, file!), '{"version":1,"agent":"ana.garcia","missed":[{"id":');
    expect(store.list('ana.garcia')).toEqual([]);
    const problem = store.takeProblem('ana.garcia');
    expect(problem?.key).toBe('calls.setup.missedUnreadable');
    expect(problem && english(problem)).toMatch(/missed calls could not be read .* kept as .*corrupt-2026-11-21T12-00-00-000Z/u);
    expect(store.takeProblem('ana.garcia')).toBeNull();
    expect(readdirSync(folder)).toContain(`${file!}.corrupt-2026-11-21T12-00-00-000Z`);
  });
});

describe('missed calls through the calls service', () => {
  const as = (name: string, state: SessionView['state'] = 'signed-in') => (): SessionView => ({
    ...SIGNED_OUT, state, instanceUrl: 'http://127.0.0.1:9', agent: { name, fullname: name, extension: '1001', campaigns: [] },
  });
  function service(view: () => SessionView): CallsService {
    const calls = createCallsService({ session: { view, client: () => null }, dataDir: dir, agentContext: () => null });
    opened.push(calls);
    return calls;
  }
  const startedAt = Date.now();
  const recent = (id: string): MissedCall => ({ ...missed(id, 1), offeredAt: new Date(startedAt - 60_000).toISOString(), endedAt: new Date(startedAt).toISOString() });

  it('records, lists and dismisses for the signed-in agent; a call that stopped ringing as the agent signed out is kept', async () => {
    let view = as('ana.garcia');
    const calls = service(() => view());
    expect(await calls.recordMissed(recent('m-1'))).toEqual([recent('m-1')]);
    view = as('ana.garcia', 'signing-out');
    await calls.recordMissed(recent('m-2'));
    view = as('ana.garcia');
    expect((await calls.missedCalls()).map((c) => c.id).sort()).toEqual(['m-1', 'm-2']);
    expect((await calls.dismissMissed({ ids: ['m-1'] })).map((c) => c.id)).toEqual(['m-2']);
    view = as('bruno.diaz');
    expect(await calls.missedCalls()).toEqual([]);
  });

  it('needs a signed-in agent (typed error)', async () => {
    const calls = service(() => SIGNED_OUT);
    for (const attempt of [calls.missedCalls(), calls.recordMissed(recent('m-1')), calls.dismissMissed({ all: true })]) {
      await expect(attempt).rejects.toMatchObject({ detail: { code: 'not-signed-in', say: { key: 'calls.err.signInFirst' } } });
    }
  });

  it('a storage failure is said with the folder and the cause', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'missed-calls'), 'a file where the folder should be');
    const calls = service(as('ana.garcia'));
    await expect(calls.recordMissed(recent('m-1'))).rejects.toMatchObject({ detail: { code: 'internal', say: { key: 'calls.err.missedUnsaved' } } });
  });
});

describe('recent calls (the same store)', () => {
  const finished = (id: string, offeredMinutesAgo: number, outcome: 'answered' | 'dropped' = 'answered') => ({
    id, guid: `g-${id}`, caller: '099123456', campaign: 'Soporte<-', outcome, talkSeconds: 95,
    offeredAt: minutesAgo(offeredMinutesAgo), endedAt: minutesAgo(offeredMinutesAgo - 2),
  });

  it('keeps answered, dropped and missed calls newest first; a dismissed missed call leaves the missed list but stays in the history', () => {
    const store = openMissedCalls(dir, () => NOW);
    store.recordFinished('ana', finished('a1', 30));
    store.record('ana', missed('m1', 20));
    store.recordFinished('ana', finished('d1', 10, 'dropped'));
    expect(store.history('ana').map((c) => [c.id, c.outcome, c.unseen])).toEqual([['d1', 'dropped', false], ['m1', 'missed', true], ['a1', 'answered', false]]);
    expect(store.dismiss('ana', { ids: ['m1'] })).toEqual([]);
    expect(store.history('ana').find((c) => c.id === 'm1')).toMatchObject({ outcome: 'missed', unseen: false, reason: 'rang-out' });
    expect(store.history('bruno')).toEqual([]);
  });

  it('reads a file of the missed-calls-only version as unseen missed calls', () => {
    const store = openMissedCalls(dir, () => NOW);
    store.record('ana', missed('m1', 5));
    const file = readdirSync(dir).find((name) => name.endsWith('.json')) ?? '';
    writeFileSync(join(dir, file), JSON.stringify({ version: 1, agent: 'ana', missed: [missed('old', 7)] }));
    expect(openMissedCalls(dir, () => NOW).list('ana').map((c) => c.id)).toEqual(['old']);
    expect(openMissedCalls(dir, () => NOW).history('ana')[0]).toMatchObject({ id: 'old', outcome: 'missed', unseen: true, talkSeconds: 0 });
  });
});
