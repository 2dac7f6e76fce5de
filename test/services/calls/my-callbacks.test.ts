// My callbacks: kept per agent, soonest first, owner-only; done removes one;
// a disposition with a callback adds it (through the calls service and the
// simulator).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMyCallbacks } from '../../../main/services/calls/my-callbacks';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'my-callbacks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-24T10:00:00');
const callback = (guid: string, at: string) => ({ guid, caller: '099123456', campaign: 'Cobranzas->', dialer: '', at });

describe('my callbacks store', () => {
  it('lists soonest first, per agent, replaces the same call, removes done ones', () => {
    const store = openMyCallbacks(dir, () => NOW);
    store.add('ana', callback('b', '2026-11-24 15:00:00'));
    store.add('ana', callback('a', '2026-11-24 11:30:00'));
    store.add('ana', callback('b', '2026-11-24 16:00:00'));
    store.add('bruno', callback('c', '2026-11-24 12:00:00'));
    expect(store.list('ana').map((c) => [c.guid, c.at])).toEqual([['a', '2026-11-24 11:30:00'], ['b', '2026-11-24 16:00:00']]);
    expect(store.done('ana', 'a').map((c) => c.guid)).toEqual(['b']);
    expect(openMyCallbacks(dir, () => NOW).list('bruno').map((c) => c.guid)).toEqual(['c']);
  });

  it('forgets callbacks more than 30 days past their time, and is owner-only', () => {
    const store = openMyCallbacks(dir, () => NOW);
    store.add('ana', callback('old', '2026-10-01 09:00:00'));
    store.add('ana', callback('new', '2026-11-20 09:00:00'));
    expect(store.list('ana').map((c) => c.guid)).toEqual(['new']);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
  });
});
