// The dispositions send port sorts the client's errors: a disposition is
// parked only after `refusedLimit` refusals IN A ROW (any other outcome starts
// the count again), and the parked reason says what the platform answered and
// how many times.
import { describe, expect, it } from 'vitest';
import type { Disposition } from '../../../common/domain/disposition';
import { BadInputError, ConnectionError, HttpStatusError, PlatformRefusedError } from '../../../main/api';
import { dispositionSender } from '../../../main/services/outbox';

const item: Disposition = {
  campaign: 'Manual->', agent: 'ana.garcia', callerid: '099123456', guid: 'g-1', l1: 'Venta',
  l2: '', l3: '', d1: '', d2: '', comment: '', schedule: '', camptoreschedule: '', tag: '',
};
const refused = () => new PlatformRefusedError('disposition', '0', 'the disposition was not saved');
const http500 = () => new HttpStatusError('disposition', 500);

/** A client whose answers the test scripts (an Error is thrown, anything else is OK). */
function scripted(answers: (Error | 'ok')[]) {
  return {
    callDisposition: async (): Promise<void> => {
      const next = answers.shift();
      if (next === undefined) throw new Error('the script ran out');
      if (next !== 'ok') throw next;
    },
  };
}

async function outcomes(answers: (Error | 'ok')[], ids: string[], refusedLimit = 5) {
  const reports: string[] = [];
  const send = dispositionSender({
    client: scripted(answers),
    refusedLimit,
    connectivity: { reportSuccess: () => reports.push('online'), reportNetworkFailure: () => reports.push('offline') },
  });
  const results = [];
  for (const [i, id] of ids.entries()) results.push(await send(item, new AbortController().signal, { id, attempt: i + 1 }));
  return { results, reports };
}

describe('dispositionSender', () => {
  it('parks only after five refusals in a row: four 500s and one refusal are not "refused five times"', async () => {
    const { results } = await outcomes([http500(), http500(), http500(), http500(), refused()], ['a', 'a', 'a', 'a', 'a']);
    expect(results.map((r) => r.kind)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
  });

  it('any other outcome between refusals starts the count again', async () => {
    const answers = [refused(), refused(), refused(), refused(), http500(), refused(), refused(), refused(), refused(), refused()];
    const { results } = await outcomes(answers, Array.from({ length: 10 }, () => 'a'));
    expect(results.map((r) => r.kind)).toEqual([...Array.from({ length: 9 }, () => 'retry'), 'permanent']);
    const parked = results.at(-1)!;
    expect(parked.kind === 'permanent' && parked.reason).toBe(
      'Call Disposition: the platform refused ("0"): the disposition was not saved The platform answered "0" 5 times in a row; check the call\'s campaign and GUID.',
    );
  });

  it('counts each disposition apart', async () => {
    const { results } = await outcomes([refused(), refused(), refused(), refused()], ['a', 'b', 'a', 'b'], 2);
    expect(results.map((r) => r.kind)).toEqual(['retry', 'retry', 'permanent', 'permanent']);
  });

  it('a refusal after an OK of the same entry id is counted from one (a resubmitted entry, an unparked one)', async () => {
    const { results } = await outcomes([refused(), 'ok', refused()], ['a', 'a', 'a'], 2);
    expect(results.map((r) => r.kind)).toEqual(['retry', 'ok', 'retry']);
  });

  it('a refusal proves the platform is reachable; a connection failure says it is not; bad input is parked at once', async () => {
    const refusal = await outcomes([refused()], ['a']);
    expect(refusal.reports).toEqual(['online']);
    const offline = await outcomes([new ConnectionError('disposition', 'ECONNREFUSED', 'refused', 'the connection was refused')], ['a']);
    expect(offline.reports).toEqual(['offline']);
    expect(offline.results[0]!.kind).toBe('retry');
    const bad = await outcomes([new BadInputError('disposition', 'the guid is empty')], ['a']);
    expect(bad.results[0]).toEqual({
      kind: 'permanent',
      reason: 'Call Disposition: the guid is empty. Nothing was sent; correct the input and try again.',
      say: { key: 'cause.bad-input', params: { operation: 'disposition', problem: 'the guid is empty' } },
    });
  });
});
