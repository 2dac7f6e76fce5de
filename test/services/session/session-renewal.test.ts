// The renewal machine on a fake clock with a scripted Agent Authentication:
// one renewal at a time, network failures retried 1 s doubling to 30 s, a
// refusal failed at once (and blocking until the next sign-in), a burst of
// requests within 10 s of a success not needed, cancel quiet.
import { describe, expect, it } from 'vitest';
import type { SessionRenewal } from '../../../common/ipc-contract';
import { ConnectionError, PlatformRefusedError, TimeoutError } from '../../../main/api';
import { createSessionRenewal, type RenewalOptions } from '../../../main/services/session';
import type { RenewalRun } from '../../../main/services/session/session-renewal';
import { spokenFailure } from '../../../main/services/spoken-failure';
import { FakeClock } from '../connectivity/fake-clock';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const offline = () => new ConnectionError('agentLogin', 'ECONNREFUSED', 'refused', 'the connection was refused');

/** Agent Authentication answering from a script (an Error is thrown), recording what the run was told. */
function scriptedRun(answers: (Error | 'record')[]) {
  const log: string[] = [];
  const signals: AbortSignal[] = [];
  const run: RenewalRun = {
    agent: 'ana.garcia',
    authenticate: async (signal) => {
      signals.push(signal);
      const next = answers.shift() ?? 'record';
      log.push(next === 'record' ? 'auth:ok' : `auth:${next.name}`);
      if (next !== 'record') throw next;
      return { token: 't-new' };
    },
    apply: () => void log.push('apply'),
    reached: (reachable) => void log.push(reachable ? 'reached' : 'unreachable'),
  };
  return { run, log, signals };
}

function machine(options: RenewalOptions = {}) {
  const clock = new FakeClock();
  const renewal = createSessionRenewal({ clock, random: () => 0, ...options });
  const events: SessionRenewal[] = [];
  renewal.onRenewal((e) => events.push(e));
  return { clock, renewal, events };
}

describe('session renewal', () => {
  it('renews: renewing, then renewed once the record is applied', async () => {
    const { renewal, events } = machine();
    const { run, log } = scriptedRun(['record']);
    const started = renewal.renew(run);
    expect(started.renewal).toBe('started');
    expect(await started.settled).toEqual({ state: 'renewed', error: null });
    expect(events).toEqual([{ state: 'renewing', error: null }, { state: 'renewed', error: null }]);
    expect(log).toEqual(['auth:ok', 'reached', 'apply']);
  });

  it('retries network failures 1 s, 2 s, 4 s … up to 30 s apart, then renews', async () => {
    const { clock, renewal, events } = machine();
    const failures = Array.from({ length: 7 }, (_, i) => (i % 2 ? new TimeoutError('agentLogin', 15_000) : offline()));
    const { run, log } = scriptedRun([...failures, 'record']);
    const { settled } = renewal.renew(run);
    for (const wait of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      await settle();
      expect(clock.pending).toBe(1);
      clock.advance(wait);
    }
    expect(await settled).toEqual({ state: 'renewed', error: null });
    expect(clock.requested).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(log.filter((l) => l === 'unreachable')).toHaveLength(7);
    expect(events.map((e) => e.state)).toEqual(['renewing', 'renewed']); // no "failed" while it retries
  });

  it('a refusal (the password changed) fails at once, is not retried, and blocks renewals until the next sign-in', async () => {
    const { clock, renewal, events } = machine();
    const { run, log } = scriptedRun([new PlatformRefusedError('agentLogin', '0', 'wrong password')]);
    const result = await renewal.renew(run).settled;
    expect(result?.state).toBe('failed');
    expect(result?.error).toMatchObject({ code: 'wrong-credentials', say: { key: 'session.err.renewRefused', params: { agent: 'ana.garcia' } } });
    expect(result?.error?.message).toMatch(/^Agent Authentication: the platform refused to sign ana\.garcia in again; the password may have been changed\./);
    expect(clock.pending).toBe(0);
    expect(log).toEqual(['auth:PlatformRefusedError', 'reached']);
    // Trying again with the same password could lock the account: not until the agent signs in again.
    expect(renewal.renew(scriptedRun([]).run).renewal).toBe('not-needed');
    renewal.signedIn();
    clock.advance(10_000);
    expect(renewal.renew(scriptedRun([]).run).renewal).toBe('started');
    expect(events.map((e) => e.state)).toEqual(['renewing', 'failed', 'renewing']);
  });

  it('one at a time: a renew while renewing joins it; within 10 s of a success (or the sign-in) it is not needed', async () => {
    const { clock, renewal } = machine();
    const first = scriptedRun([offline(), 'record']);
    const a = renewal.renew(first.run);
    const b = renewal.renew(scriptedRun([]).run);
    expect(b.renewal).toBe('started');
    await settle();
    clock.advance(1_000);
    expect(await b.settled).toEqual(await a.settled);
    expect(first.log.filter((l) => l.startsWith('auth'))).toHaveLength(2);
    expect(renewal.renew(scriptedRun([]).run).renewal).toBe('not-needed');
    clock.advance(9_999);
    expect(renewal.renew(scriptedRun([]).run).renewal).toBe('not-needed');
    clock.advance(1);
    const later = renewal.renew(scriptedRun([]).run);
    expect(later.renewal).toBe('started');
    await later.settled;
    renewal.signedIn();
    expect(renewal.renew(scriptedRun([]).run).renewal).toBe('not-needed');
  });

  it('with the time the login may have been lost: one renewal per outage, however soon after the sign-in', async () => {
    const { clock, renewal } = machine();
    clock.advance(100_000);
    renewal.signedIn(); // at 100 s
    clock.advance(2_000);
    // An outage of 1 s that began after the sign-in needs its own renewal, only 2 s later.
    const first = renewal.renew(scriptedRun(['record']).run, 1_000);
    expect(first.renewal).toBe('started');
    await first.settled;
    // Another reconnect of the same outage is covered by it.
    expect(renewal.renew(scriptedRun([]).run, 1_500).renewal).toBe('not-needed');
    // A new outage, after that renewal, is not.
    clock.advance(1_000);
    expect(renewal.renew(scriptedRun(['record']).run, 10).renewal).toBe('started');
  });

  it('hurry() ends a backoff wait at once (the network is back)', async () => {
    const { clock, renewal } = machine();
    const { run, log } = scriptedRun([offline(), offline(), 'record']);
    const { settled } = renewal.renew(run);
    await settle();
    clock.advance(1_000);
    await settle();
    expect(clock.pending).toBe(1); // waiting 2 s now
    renewal.hurry();
    expect(await settled).toEqual({ state: 'renewed', error: null });
    expect(log.filter((l) => l.startsWith('auth'))).toHaveLength(3);
    expect(clock.pending).toBe(0);
  });

  it('cancel (sign-out, close) stops it quietly: the wait ends, the request is aborted, nothing more is published', async () => {
    const { clock, renewal, events } = machine();
    const waiting = scriptedRun([offline()]);
    const first = renewal.renew(waiting.run);
    await settle();
    renewal.cancel();
    expect(await first.settled).toBeNull();
    expect(clock.pending).toBe(0);
    const hanging: RenewalRun = { ...waiting.run, authenticate: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) };
    const second = renewal.renew(hanging);
    renewal.cancel();
    expect(await second.settled).toBeNull();
    await settle();
    expect(events.map((e) => e.state)).toEqual(['renewing', 'renewing']);
  });

  it('a record the phone cannot use fails at once with what apply said', async () => {
    const { renewal } = machine();
    const { run } = scriptedRun(['record']);
    const result = await renewal.renew({ ...run, apply: () => { throw spokenFailure('platform-error', 'session.err.agentRecord'); } }).settled;
    expect(result).toMatchObject({ state: 'failed', error: { code: 'platform-error', say: { key: 'session.err.agentRecord' } } });
  });
});
