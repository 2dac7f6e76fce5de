// INVITE with Replaces (RFC 3891; issue 22, point 3): a phone takes the place
// of one of the platform's dialogs. Answered 200, the replaced leg gets BYE
// and the customer is bridged to the new phone; 481 for an unknown or
// unanswered dialog, 603 for one that ended, 400 for a malformed Replaces.
import type { Session } from 'sip.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../support/poll-until';
import { control } from '../../sim-client';
import type { OutgoingCall } from './test-phone';
import {
  EXTENSION, TONE, customerCallToAna, nextIncoming, record, resetBench, startTransferBench, untilHears, untilRecord, type TransferBench,
} from './transfer-bench';

let bench: TransferBench;

beforeAll(async () => {
  bench = await startTransferBench();
});

afterAll(async () => {
  await bench?.close();
});

beforeEach(async () => {
  await resetBench(bench);
});

const untilStatus = (call: OutgoingCall, what: string): Promise<number | undefined> =>
  until(what, async () => call.status(), (status) => status !== undefined, { timeoutMs: 10_000 });

/** The Replaces naming the dialog of `session` (ana's side of it) as the platform holds it. */
function replacesOf(session: Session): string {
  const dialog = session.dialog;
  if (!dialog) throw new Error('no dialog');
  return `Replaces: ${dialog.callId};to-tag=${dialog.remoteTag};from-tag=${dialog.localTag}`;
}

describe('an INVITE with Replaces', () => {
  it("is answered 200 and takes the call's place: the replaced leg gets BYE, the customer talks to the new phone", async () => {
    const { ana, bruno } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    const taking = bruno.call(`sip:${EXTENSION.ana}@127.0.0.1`, [replacesOf(call.invitation)]);
    expect(await untilStatus(taking, 'the INVITE with Replaces is answered')).toBe(200);
    await until('ana gets BYE', async () => ana.byesReceived.has(call.invitation), (got) => got, { timeoutMs: 10_000 });
    await untilHears(bruno, taking.session, TONE.customer, 'bruno hears the customer');
    const taken = await untilRecord(
      bench, guid, 'the call is bruno\'s, and the customer hears him',
      (c) => c.phone === EXTENSION.bruno && c.status === 'active' && (c.levels?.customerReceived.peakRms ?? 0) > 0.1,
    );
    expect(taken.parties?.map((p) => [p.role, p.number ?? p.phone])).toEqual([['customer', '099555111'], ['agent', EXTENSION.bruno]]);
  });

  it('for a dialog that ended gets 603, for an unknown one 481, for a malformed Replaces 400', async () => {
    const { ana, bruno } = bench.phones;
    const { call } = await customerCallToAna(bench);
    const replaces = replacesOf(call.invitation);
    await ana.hangUp(call.invitation);
    const late = bruno.call(`sip:${EXTENSION.ana}@127.0.0.1`, [replaces]);
    expect(await untilStatus(late, 'the ended dialog is refused')).toBe(603);
    const unknown = bruno.call(`sip:${EXTENSION.ana}@127.0.0.1`, ['Replaces: nobody@nowhere;to-tag=a;from-tag=b']);
    expect(await untilStatus(unknown, 'the unknown dialog is refused')).toBe(481);
    const malformed = bruno.call(`sip:${EXTENSION.ana}@127.0.0.1`, ['Replaces: just-a-call-id']);
    expect(await untilStatus(malformed, 'the malformed Replaces is refused')).toBe(400);
  });

  it('for a call that still rings gets 481 (an early dialog)', async () => {
    const { ana, bruno } = bench.phones;
    ana.policy = 'ring';
    const before = ana.incoming.length;
    expect((await control(bench.sim, 'POST', '/inbound-call', { campaign: 'Cobranzas->', from: '099000777' })).status).toBe(201);
    const ringing = await nextIncoming(ana, before, 'ana rings');
    const request = ringing.invitation.request;
    const early = bruno.call(`sip:${EXTENSION.ana}@127.0.0.1`, [`Replaces: ${request.callId};to-tag=${request.fromTag};from-tag=whatever`]);
    expect(await untilStatus(early, 'the early dialog is refused')).toBe(481);
    const { Guid } = JSON.parse(ringing.cti ?? '{}') as { Guid: string };
    expect((await record(bench, Guid)).status).toBe('ringing');
  });
});
