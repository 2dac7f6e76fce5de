// The control routes of the PBX settings issue 22 adds: what they take, what
// they refuse (400 naming what the route takes, nothing changed), and reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../simulator/index';
import { createSipExtension } from '../../../../simulator/sip/sip-extension';
import { control, startTestSimulator } from '../../sim-client';

let sim: Simulator;

beforeAll(async () => {
  sim = await startTestSimulator({ extensions: [createSipExtension()] });
});

afterAll(async () => {
  await sim?.close();
});

const seedTransferSettings = { blindTransferFinal: 'early', transfererByeWaitMs: 60_000, transfersRefused: [] };
const seedParties = { busy: ['26000486'], noAnswer: ['26000480'], answerAfterMs: 2_000, ringTimeoutMs: 45_000 };

describe('transfer settings and outside parties', () => {
  it('start from the seed, change, and go back on reset', async () => {
    expect((await control(sim, 'GET', '/sip/transfer-settings')).json).toEqual(seedTransferSettings);
    expect((await control(sim, 'GET', '/sip/parties')).json).toEqual(seedParties);
    expect((await control(sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer', transfererByeWaitMs: 500 })).json)
      .toEqual({ blindTransferFinal: 'on-answer', transfererByeWaitMs: 500, transfersRefused: [] });
    expect((await control(sim, 'POST', `/campaigns/${encodeURIComponent('Soporte<-')}/transfers`, { allowed: false })).json).toEqual({ campaign: 'Soporte<-', allowed: false });
    expect((await control(sim, 'GET', '/sip/transfer-settings')).json).toMatchObject({ transfersRefused: ['Soporte<-'] });
    expect((await control(sim, 'POST', '/sip/parties', { busy: [], answerAfterMs: 0 })).json).toEqual({ ...seedParties, busy: [], answerAfterMs: 0 });
    expect((await control(sim, 'GET', '/state')).json).toMatchObject({ transfers: [] });
    await control(sim, 'POST', '/reset');
    expect((await control(sim, 'GET', '/sip/transfer-settings')).json).toEqual(seedTransferSettings);
    expect((await control(sim, 'GET', '/sip/parties')).json).toEqual(seedParties);
  });

  it('404 for a campaign that does not exist', async () => {
    expect((await control(sim, 'POST', '/campaigns/Nope/transfers', { allowed: false })).status).toBe(404);
  });

  it.each([
    ['/sip/transfer-settings', { blindTransferFinal: 'late' }],
    ['/sip/transfer-settings', { transfererByeWaitMs: 50 }],
    ['/sip/transfer-settings', { transfererByeWaitMs: 60_000, extra: 1 }],
    ['/sip/parties', { busy: ['1002'] }],
    ['/sip/parties', { noAnswer: ' 099123456' }],
    ['/sip/parties', { ringTimeoutMs: 10 }],
    ['/sip/parties', { answerAfterMs: -1 }],
    [`/campaigns/${encodeURIComponent('Soporte<-')}/transfers`, { allowed: 'no' }],
    [`/campaigns/${encodeURIComponent('Soporte<-')}/transfers`, undefined],
  ])('POST %s %j → 400 naming what the route takes, nothing changed', async (path, body) => {
    const answer = await control(sim, 'POST', path, body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toMatch(/takes \{/);
    expect((await control(sim, 'GET', '/sip/transfer-settings')).json).toEqual(seedTransferSettings);
    expect((await control(sim, 'GET', '/sip/parties')).json).toEqual(seedParties);
  });
});
