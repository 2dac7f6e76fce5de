// Blind transfers (issue 22, point 2), as Asterisk's res_pjsip_refer answers
// a phone's REFER: 202, NOTIFY 100/180/200 (or the failure), the customer
// re-bridged to the target with audio, the transferring leg left for the
// phone to hang up. Driven by sip.js phones in Node; ana has a customer call.
import { SessionState, UserAgent, type Session } from 'sip.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../../support/poll-until';
import { control } from '../../sim-client';
import {
  EXTENSION, TONE, callIdOf, customerCallToAna, nextIncoming, record, resetBench, startTransferBench, transfers, untilHears,
  untilNotifies, untilRecord, untilReferAnswer, untilTransfer, type TransferBench,
} from './transfer-bench';

let bench: TransferBench;

beforeAll(async () => {
  bench = await startTransferBench({ ringTimeoutMs: 3_000 });
});

afterAll(async () => {
  await bench?.close();
});

beforeEach(async () => {
  await resetBench(bench);
});

/** A REFER as sip.js's Session.refer sends it (Referred-By: the phone's own URI). */
function referTo(session: Session, target: string, extraHeaders: string[] = []): void {
  const uri = UserAgent.makeURI(target);
  if (!uri) throw new Error(`not a URI: ${target}`);
  void session.refer(uri, { requestOptions: { extraHeaders } });
}

const statuses = (notifies: Array<{ status: number }>): number[] => notifies.map((n) => n.status);

describe('a blind transfer to an extension', () => {
  it('answers 202, NOTIFYs 100/180/200, bridges the customer to the target with the call\'s CTI, and leaves the agent\'s leg to the phone', async () => {
    const { ana, bruno } = bench.phones;
    await control(bench.sim, 'POST', '/sip/transfer-settings', { transfererByeWaitMs: 600_000 });
    const { guid, call, cti } = await customerCallToAna(bench);
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    expect(await untilReferAnswer(ana, call.invitation)).toBe(202);

    const target = await nextIncoming(bruno, before, 'bruno rings with the transferred call');
    expect(target.from).toBe('099555111');
    expect(target.referredBy).toBe(`<sip:${EXTENSION.ana}@127.0.0.1>`);
    expect(JSON.parse(target.cti ?? '{}')).toEqual({ ...cti, Answer: 'FALSE' });
    expect(cti).toMatchObject({ Guid: guid, Campaign: 'Cobranzas->', Form: 'cobranzasForm', ParAndValues: 'deuda=100;cliente=42' });

    // The default reading of Asterisk: 200 right after 180 (ringback counts as bridged), before anyone answers.
    const notifies = await untilNotifies(ana, call.invitation, 'ana hears 100, 180 and 200', (list) => list.length >= 3);
    expect(statuses(notifies)).toEqual([100, 180, 200]);
    expect(notifies.map((n) => n.subscriptionState.split(';')[0])).toEqual(['active', 'active', 'terminated']);
    expect(notifies[0]).toMatchObject({ event: 'refer', contentType: 'message/sipfrag;version=2.0' });
    expect(notifies[0]?.subscriptionState).toMatch(/^active;expires=\d+$/);
    expect(notifies[2]?.subscriptionState).toBe('terminated;reason=noresource');
    expect(await record(bench, guid)).toMatchObject({ status: 'ringing', phone: EXTENSION.bruno });

    await bruno.answer(target);
    await untilHears(bruno, target.invitation, TONE.customer, 'bruno hears the customer');
    const bridged = await untilRecord(bench, guid, 'the customer is bridged to bruno', (c) => c.status === 'active' && (c.levels?.customerReceived.peakRms ?? 0) > 0.1);
    expect(bridged).toMatchObject({ phone: EXTENSION.bruno, agent: 'bruno.diaz', campaign: 'Cobranzas->' });
    expect(bridged.parties?.map((p) => [p.role, p.number ?? p.phone, p.state])).toEqual([['customer', '099555111', 'up'], ['agent', EXTENSION.bruno, 'up']]);
    const transfer = await untilTransfer(bench, 'the transfer completed', (t) => t.outcome === 'completed');
    expect(transfer).toMatchObject({ guid, kind: 'blind', by: EXTENSION.ana, target: `extension ${EXTENSION.bruno}`, response: 202, notified: [100, 180, 200], result: 200, transfererLeg: 'awaiting-bye' });

    // The platform does not hang up the transferring leg, and plays nothing on it: ana's phone must hang up (a bounded look: one second).
    const heard = ana.probe(call.invitation).frameCount;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ana.byesReceived.has(call.invitation)).toBe(false);
    expect(ana.isEstablished(call.invitation)).toBe(true);
    expect(ana.probe(call.invitation).frameCount).toBe(heard);
    await ana.hangUp(call.invitation);
    expect(await untilTransfer(bench, 'ana hung up her leg', (t) => t.transfererLeg === 'bye-received')).toBeDefined();
    expect((await record(bench, guid)).status).toBe('active');
  });

  it('sends the final 200 only when the target answers with blindTransferFinal on-answer', async () => {
    const { ana, bruno } = bench.phones;
    expect((await control(bench.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer' })).json).toMatchObject({ blindTransferFinal: 'on-answer' });
    const { call } = await customerCallToAna(bench);
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    const target = await nextIncoming(bruno, before, 'bruno rings');
    await untilNotifies(ana, call.invitation, 'ana hears 100 and 180', (list) => list.length >= 2);
    expect(statuses(await untilNotifies(ana, call.invitation, 'still 100 and 180', (list) => list.length >= 2))).toEqual([100, 180]);
    await bruno.answer(target);
    expect(statuses(await untilNotifies(ana, call.invitation, 'the 200 follows the answer', (list) => list.length >= 3))).toEqual([100, 180, 200]);
  });

  it('sends BYE to the transferring leg itself once the wait for the phone\'s BYE is over', async () => {
    const { ana } = bench.phones;
    await control(bench.sim, 'POST', '/sip/transfer-settings', { transfererByeWaitMs: 700 });
    const { call } = await customerCallToAna(bench);
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    await until('the platform hangs up ana\'s leg', async () => ana.byesReceived.has(call.invitation), (got) => got, { timeoutMs: 10_000 });
    expect(await untilTransfer(bench, 'the transfer says so', (t) => t.transfererLeg === 'bye-sent')).toMatchObject({ outcome: 'completed' });
  });
});

describe('a blind transfer to a campaign or a number', () => {
  it('rings an idle member of the campaign with the original Guid and data, Campaign set to the target', async () => {
    const { ana, bruno } = bench.phones;
    const { guid, call, cti } = await customerCallToAna(bench);
    const before = bruno.incoming.length;
    referTo(call.invitation, 'sip:Soporte%3C-@127.0.0.1');
    const target = await nextIncoming(bruno, before, 'the member of Soporte<- rings');
    expect(JSON.parse(target.cti ?? '{}')).toEqual({ ...cti, Campaign: 'Soporte<-', Form: 'soporteForm', Screen: 'TRUE', Answer: 'FALSE' });
    await untilHears(bruno, target.invitation, TONE.customer, 'the member hears the customer');
    expect(await untilRecord(bench, guid, 'the call moved to Soporte<-', (c) => c.campaign === 'Soporte<-')).toMatchObject({ phone: EXTENSION.bruno, status: 'active' });
    expect(statuses(await untilNotifies(ana, call.invitation, 'ana hears the end', (list) => list.length >= 3))).toEqual([100, 180, 200]);
  });

  it('to an outside number: 486 when busy; a number that never answers gets 180 then 503 (on-answer), and the call ends', async () => {
    const { ana } = bench.phones;
    await control(bench.sim, 'POST', '/sip/parties', { busy: ['26000486'], noAnswer: ['26000480'], ringTimeoutMs: 800 });
    const busy = await customerCallToAna(bench);
    referTo(busy.call.invitation, 'sip:26000486@127.0.0.1');
    expect(statuses(await untilNotifies(ana, busy.call.invitation, 'busy is reported', (list) => list.length >= 2))).toEqual([100, 486]);
    expect(await untilRecord(bench, busy.guid, 'the customer call ended', (c) => c.status === 'ended')).toMatchObject({ endedBy: 'failed' });
    await ana.hangUp(busy.call.invitation);

    await control(bench.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer' });
    const silent = await customerCallToAna(bench);
    referTo(silent.call.invitation, 'sip:26000480@127.0.0.1');
    expect(statuses(await untilNotifies(ana, silent.call.invitation, 'no answer is reported', (list) => list.length >= 3))).toEqual([100, 180, 503]);
    const ended = await untilRecord(bench, silent.guid, 'the customer call ended', (c) => c.status === 'ended');
    expect(ended.cause).toMatch(/blind transfer by extension 1001 to number 26000480 failed: 26000480 did not answer/);
  });

  it('to an outside number that answers: the customer is bridged to it and no agent is left on the call', async () => {
    const { ana } = bench.phones;
    await control(bench.sim, 'POST', '/sip/parties', { answerAfterMs: 200 });
    const { guid, call } = await customerCallToAna(bench);
    referTo(call.invitation, 'sip:099777000@127.0.0.1');
    const bridged = await untilRecord(bench, guid, 'the customer talks to the number', (c) => (c.parties ?? []).some((p) => p.role === 'outside' && p.state === 'up'));
    expect(bridged).toMatchObject({ phone: '', agent: '', status: 'active' });
    expect(statuses(await untilNotifies(ana, call.invitation, 'ana hears the end', (list) => list.length >= 3))).toEqual([100, 180, 200]);
  });
});

describe('a blind transfer that fails', () => {
  it('to an unknown extension: NOTIFY 100 then 404, and the call stays as it was', async () => {
    const { ana } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    referTo(call.invitation, 'sip:9999@127.0.0.1');
    expect(await untilReferAnswer(ana, call.invitation)).toBe(202);
    expect(statuses(await untilNotifies(ana, call.invitation, '404 is reported', (list) => list.length >= 2))).toEqual([100, 404]);
    expect(await record(bench, guid)).toMatchObject({ status: 'active', phone: EXTENSION.ana });
    await untilHears(ana, call.invitation, TONE.customer, 'ana still hears the customer');
    expect((await transfers(bench)).at(-1)).toMatchObject({ outcome: 'failed', result: 404, transfererLeg: 'in-call' });
  });

  it('when the customer hangs up while the target rings: NOTIFY 503, the target is cancelled', async () => {
    const { ana, bruno } = bench.phones;
    await control(bench.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer' });
    const { guid, call } = await customerCallToAna(bench);
    bruno.policy = 'ring';
    const before = bruno.incoming.length;
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    const target = await nextIncoming(bruno, before, 'bruno rings');
    await untilNotifies(ana, call.invitation, '180 came', (list) => list.length >= 2);
    expect((await control(bench.sim, 'POST', `/calls/${guid}/hangup`)).status).toBe(200);
    expect(statuses(await untilNotifies(ana, call.invitation, '503 is reported', (list) => list.length >= 3))).toEqual([100, 180, 503]);
    await until('bruno stops ringing', async () => target.invitation.state, (state) => state === SessionState.Terminated, { timeoutMs: 10_000 });
    expect(await record(bench, guid)).toMatchObject({ status: 'ended', endedBy: 'customer' });
  });

  it('when the campaign refuses transfers (allow_transfer=no): 603 to the REFER, no 202, no NOTIFY', async () => {
    const { ana } = bench.phones;
    expect((await control(bench.sim, 'POST', `/campaigns/${encodeURIComponent('Cobranzas->')}/transfers`, { allowed: false })).json).toEqual({ campaign: 'Cobranzas->', allowed: false });
    const { guid, call } = await customerCallToAna(bench);
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    expect(await untilReferAnswer(ana, call.invitation)).toBe(603);
    expect(ana.framesOf(callIdOf(call.invitation)).filter((f) => f.status === 202 || f.method === 'NOTIFY')).toEqual([]);
    expect(await record(bench, guid)).toMatchObject({ status: 'active', phone: EXTENSION.ana });
  });

  it('a second REFER while the first is in progress: 202, then NOTIFY 100 and 400 (the agent is bridged with no one any more)', async () => {
    const { ana, bruno } = bench.phones;
    await control(bench.sim, 'POST', '/sip/transfer-settings', { blindTransferFinal: 'on-answer' });
    const { call } = await customerCallToAna(bench);
    bruno.policy = 'ring';
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`);
    await untilNotifies(ana, call.invitation, '180 came', (list) => list.length >= 2);
    referTo(call.invitation, `sip:${EXTENSION.carla}@127.0.0.1`);
    expect(await untilReferAnswer(ana, call.invitation, 1)).toBe(202);
    expect(statuses(await untilNotifies(ana, call.invitation, 'the second REFER fails', (list) => list.length >= 4))).toEqual([100, 180, 100, 400]);
  });
});

describe('Refer-Sub: false (RFC 4488)', () => {
  it('gets the launch result as the final answer (200, with Refer-Sub: false) and no NOTIFY; an unknown target 404', async () => {
    const { ana, bruno } = bench.phones;
    const { guid, call } = await customerCallToAna(bench);
    referTo(call.invitation, 'sip:9999@127.0.0.1', ['Refer-Sub: false']);
    expect(await untilReferAnswer(ana, call.invitation)).toBe(404);
    const before = bruno.incoming.length;
    referTo(call.invitation, `sip:${EXTENSION.bruno}@127.0.0.1`, ['Refer-Sub: false']);
    expect(await untilReferAnswer(ana, call.invitation, 1)).toBe(200);
    const answer = ana.framesOf(callIdOf(call.invitation)).filter((f) => f.cseqMethod === 'REFER' && f.status === 200)[0];
    expect(answer?.header('refer-sub')).toBe('false');
    const target = await nextIncoming(bruno, before, 'bruno rings');
    await untilHears(bruno, target.invitation, TONE.customer, 'bruno hears the customer');
    expect(ana.framesOf(callIdOf(call.invitation)).filter((f) => f.method === 'NOTIFY')).toEqual([]);
    expect(await untilTransfer(bench, 'the transfer completed', (t) => t.outcome === 'completed')).toMatchObject({ guid, referSub: false, response: 200, notified: [] });
  });
});
