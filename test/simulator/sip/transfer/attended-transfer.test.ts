// Attended transfers (issue 22, point 2): ana consults bruno with a call of
// her own, then REFERs the customer's call with Replaces naming the
// consultation. The platform bridges the customer with bruno, hangs up the
// consultation leg itself and leaves the first leg to ana's BYE. Failures:
// an unknown dialog (404), a consultation that is gone (603), a malformed
// Replaces (400). Driven by sip.js phones in Node.
import type { Session } from 'sip.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../support/poll-until';
import { control } from '../../sim-client';
import type { TestPhone } from './test-phone';
import {
  EXTENSION, TONE, callIdOf, customerCallToAna, newestCall, nextIncoming, record, resetBench, startTransferBench, untilHears, untilNotifies,
  untilRecord, untilReferAnswer, untilTransfer, type TransferBench,
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
  await control(bench.sim, 'POST', '/sip/transfer-settings', { transfererByeWaitMs: 600_000 });
});

const statuses = (notifies: Array<{ status: number }>): number[] => notifies.map((n) => n.status);

/** ana calls bruno (the consultation) and bruno answers; resolves with both ends. */
async function consultBruno(): Promise<{ consultation: Session; brunoSide: Session }> {
  const { ana, bruno } = bench.phones;
  const before = bruno.incoming.length;
  const call = ana.call(`sip:${EXTENSION.bruno}@127.0.0.1`);
  const incoming = await nextIncoming(bruno, before, 'bruno gets the consultation');
  await until('the consultation is answered', async () => call.status(), (status) => status === 200, { timeoutMs: 10_000 });
  await untilHears(ana, call.session, TONE.bruno, 'ana hears bruno in the consultation');
  return { consultation: call.session, brunoSide: incoming.invitation };
}

/** A REFER in the dialog of `session` with this Refer-To (and maybe more headers), as a phone may send it. */
function sendRefer(phone: TestPhone, session: Session, referTo: string, extraHeaders: string[] = []): void {
  const dialog = session.dialog;
  if (!dialog) throw new Error('no dialog to REFER in');
  dialog.refer(undefined, { extraHeaders: [`Refer-To: ${referTo}`, `Referred-By: <sip:${phone.phone}@127.0.0.1>`, ...extraHeaders] });
}

/** The Refer-To of an attended transfer naming a dialog as the platform sees it (to-tag: its tag; from-tag: the phone's). */
function replacesReferTo(callId: string, platformTag: string, phoneTag: string): string {
  return `<sip:platform@127.0.0.1?Replaces=${encodeURIComponent(`${callId};to-tag=${platformTag};from-tag=${phoneTag}`)}>`;
}

describe('an attended transfer', () => {
  it('bridges the customer with the consulted agent, BYEs the consultation, and leaves the first leg to the phone', async () => {
    const { ana, bruno } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    const { consultation, brunoSide } = await consultBruno();
    const consultationGuid = await newestCall(bench, 'phone');

    // As the app's phone does it: sip.js builds the Replaces from the consultation's dialog.
    void call.invitation.refer(consultation);
    expect(await untilReferAnswer(ana, call.invitation)).toBe(202);
    const notifies = await untilNotifies(ana, call.invitation, 'ana hears 100 then 200', (list) => list.length >= 2);
    expect(statuses(notifies)).toEqual([100, 200]);
    expect(notifies[1]?.subscriptionState).toBe('terminated;reason=noresource');

    await until('the platform hangs up the consultation leg', async () => ana.byesReceived.has(consultation), (got) => got, { timeoutMs: 10_000 });
    await untilHears(bruno, brunoSide, TONE.customer, 'bruno hears the customer');
    const bridged = await untilRecord(
      bench, guid, 'the customer call goes on with bruno, who is heard',
      (c) => c.phone === EXTENSION.bruno && c.status === 'active' && (c.levels?.customerReceived.peakRms ?? 0) > 0.1,
    );
    expect(bridged.parties?.map((p) => [p.role, p.number ?? p.phone])).toEqual([['customer', '099555111'], ['agent', EXTENSION.bruno]]);
    expect(await record(bench, consultationGuid)).toMatchObject({ status: 'ended', endedBy: 'transfer' });
    expect(await untilTransfer(bench, 'the transfer completed', (t) => t.outcome === 'completed')).toMatchObject({
      guid, kind: 'attended', by: EXTENSION.ana, consultation: consultationGuid, response: 202, notified: [100, 200], transfererLeg: 'awaiting-bye',
    });
    expect(bruno.byesReceived.has(brunoSide)).toBe(false);

    // The first leg is ana's to hang up (a bounded look: one second without a BYE).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ana.byesReceived.has(call.invitation)).toBe(false);
    await ana.hangUp(call.invitation);
    await untilTransfer(bench, 'ana hung up the first leg', (t) => t.transfererLeg === 'bye-received');
    expect((await record(bench, guid)).status).toBe('active');
  });

  it('with Refer-Sub: false gets 200 as the final answer and no NOTIFY, and still completes', async () => {
    const { ana, bruno } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    const { consultation, brunoSide } = await consultBruno();
    void call.invitation.refer(consultation, { requestOptions: { extraHeaders: ['Refer-Sub: false'] } });
    expect(await untilReferAnswer(ana, call.invitation)).toBe(200);
    await untilHears(bruno, brunoSide, TONE.customer, 'bruno hears the customer');
    await until('the consultation is hung up', async () => ana.byesReceived.has(consultation), (got) => got, { timeoutMs: 10_000 });
    expect(ana.framesOf(callIdOf(call.invitation)).filter((f) => f.method === 'NOTIFY')).toEqual([]);
    expect((await record(bench, guid)).phone).toBe(EXTENSION.bruno);
  });
});

describe('an attended transfer that fails', () => {
  it('names a dialog the platform does not have: NOTIFY 100 then 404, the call stays', async () => {
    const { ana } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    sendRefer(ana, call.invitation, replacesReferTo('no-such-call@nowhere', 'abc', 'def'));
    expect(await untilReferAnswer(ana, call.invitation)).toBe(202);
    expect(statuses(await untilNotifies(ana, call.invitation, '404 is reported', (list) => list.length >= 2))).toEqual([100, 404]);
    expect(await record(bench, guid)).toMatchObject({ status: 'active', phone: EXTENSION.ana });
  });

  it('names a consultation that has ended: NOTIFY 100 then 603', async () => {
    const { ana } = bench.phones;
    const { call } = await customerCallToAna(bench);
    const { consultation } = await consultBruno();
    const dialog = consultation.dialog!;
    const ids = { callId: dialog.callId, platformTag: dialog.remoteTag, phoneTag: dialog.localTag };
    await ana.hangUp(consultation);
    sendRefer(ana, call.invitation, replacesReferTo(ids.callId, ids.platformTag, ids.phoneTag));
    expect(statuses(await untilNotifies(ana, call.invitation, '603 is reported', (list) => list.length >= 2))).toEqual([100, 603]);
  });

  it('carries a malformed Replaces: NOTIFY 100 then 400', async () => {
    const { ana } = bench.phones;
    const { call } = await customerCallToAna(bench);
    sendRefer(ana, call.invitation, '<sip:platform@127.0.0.1?Replaces=only-a-call-id>');
    expect(statuses(await untilNotifies(ana, call.invitation, '400 is reported', (list) => list.length >= 2))).toEqual([100, 400]);
    // No from-tag; without a subscription the 400 is the REFER's own answer.
    sendRefer(ana, call.invitation, `<sip:platform@127.0.0.1?Replaces=${encodeURIComponent('abc@host;to-tag=x')}>`, ['Refer-Sub: false']);
    expect(await untilReferAnswer(ana, call.invitation, 1)).toBe(400);
  });
});
