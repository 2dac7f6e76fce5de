// What a phone may send that a PBX must survive (issue 22): REFERs without a
// Refer-To, with garbage or an enormous one, with hundreds of headers; REFER
// out of a dialog or in one the platform does not have; a storm of NOTIFYs.
// Each is answered with its status, bounded, and the call and the SIP server
// go on as before.
import type { Session } from 'sip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../support/poll-until';
import { RawSipSocket, sipRequest, statusOf } from '../raw-sip-socket';
import type { TestPhone } from './test-phone';
import {
  EXTENSION, TONE, callIdOf, customerCallToAna, record, startTransferBench, untilHears, untilNotifies, type TransferBench,
} from './transfer-bench';

let bench: TransferBench;
let customer: { guid: string; session: Session };

beforeAll(async () => {
  bench = await startTransferBench();
  const { guid, call } = await customerCallToAna(bench);
  customer = { guid, session: call.invitation };
});

afterAll(async () => {
  await bench?.close();
});

/** Sends a REFER in the customer call's dialog with exactly these headers; resolves with the platform's final answer. */
async function refer(phone: TestPhone, headers: string[]): Promise<number> {
  const callId = callIdOf(customer.session);
  const answered = (): number => phone.framesOf(callId).filter((f) => f.cseqMethod === 'REFER' && (f.status ?? 0) >= 200).length;
  const before = answered();
  customer.session.dialog!.refer(undefined, { extraHeaders: headers });
  await until('the REFER is answered', async () => answered(), (n) => n > before, { timeoutMs: 10_000 });
  return phone.framesOf(callId).filter((f) => f.cseqMethod === 'REFER' && (f.status ?? 0) >= 200)[before]!.status!;
}

describe('hostile REFERs in a call', () => {
  it.each([
    ['no Refer-To', [] as string[]],
    ['a Refer-To that is not a URI', ['Refer-To: <<<garbage>>>']],
    ['a Refer-To of another scheme', ['Refer-To: <tel:+59899123456>']],
    ['an enormous Refer-To', [`Refer-To: <sip:${'9'.repeat(100_000)}@127.0.0.1>`]],
    ['a Refer-To just over the length the simulator reads', [`Refer-To: <sip:${'1'.repeat(2_100)}@127.0.0.1>`]],
  ])('answers 400 to %s, and the call goes on', async (_what, headers) => {
    const { ana } = bench.phones;
    expect(await refer(ana, headers)).toBe(400);
    expect((await record(bench, customer.guid)).status).toBe('active');
  });

  it('takes a REFER with hundreds of extra headers and answers it as any other (202, NOTIFY 100/404)', async () => {
    const { ana } = bench.phones;
    const junk = Array.from({ length: 400 }, (_, i) => `X-Junk-${i}: ${'x'.repeat(200)}`);
    const notifiesBefore = (await untilNotifies(ana, customer.session, 'the NOTIFYs so far', () => true)).length;
    expect(await refer(ana, ['Refer-To: <sip:9999@127.0.0.1>', 'Referred-By: <sip:1001@127.0.0.1>', ...junk])).toBe(202);
    const notifies = await untilNotifies(ana, customer.session, '404 is reported', (list) => list.length >= notifiesBefore + 2);
    expect(notifies.slice(notifiesBefore).map((n) => n.status)).toEqual([100, 404]);
  });

  it('answers each NOTIFY of a storm with 481 (no subscription here), and the call and its audio go on', async () => {
    const { ana } = bench.phones;
    const callId = callIdOf(customer.session);
    const answered = (): number => ana.framesOf(callId).filter((f) => f.cseqMethod === 'NOTIFY' && f.status !== undefined).length;
    const before = answered();
    const storm = 300;
    for (let i = 0; i < storm; i++) {
      customer.session.dialog!.notify(undefined, {
        extraHeaders: ['Event: refer', 'Subscription-State: active;expires=60'],
        body: { contentDisposition: 'render', contentType: 'message/sipfrag;version=2.0', content: 'SIP/2.0 200 OK\r\n' },
      });
    }
    await until('every NOTIFY is answered', async () => answered(), (n) => n >= before + storm, { timeoutMs: 20_000 });
    expect(new Set(ana.framesOf(callId).filter((f) => f.cseqMethod === 'NOTIFY' && f.status !== undefined).map((f) => f.status))).toEqual(new Set([481]));
    await untilHears(ana, customer.session, TONE.customer, 'ana still hears the customer');
    expect((await record(bench, customer.guid)).status).toBe('active');
  });
});

describe('REFERs with no call', () => {
  it('answers 501 out of a dialog and 481 in a dialog the platform does not have; OPTIONS still answered', async () => {
    const socket = await RawSipSocket.open(bench.wsUrl);
    try {
      const headers = (cseq: number, toTag?: string): string[] => [
        `To: <sip:${EXTENSION.bruno}@127.0.0.1>${toTag ? `;tag=${toTag}` : ''}`, `From: <sip:${EXTENSION.ana}@127.0.0.1>;tag=raw2`,
        `Call-ID: raw-refer-${cseq}@raw.invalid`, `CSeq: ${cseq} REFER`, `Contact: <sip:${socket.contactUser}@raw.invalid;transport=ws>`,
        `Refer-To: <sip:${EXTENSION.carla}@127.0.0.1>`,
      ];
      socket.send(sipRequest('REFER', `sip:${EXTENSION.bruno}@127.0.0.1`, headers(1)));
      expect(statusOf(await socket.next((f) => f.includes('CSeq: 1 REFER'), 5_000))).toBe(501);
      socket.send(sipRequest('REFER', 'sip:platform@127.0.0.1', headers(2, 'gone')));
      expect(statusOf(await socket.next((f) => f.includes('CSeq: 2 REFER'), 5_000))).toBe(481);
      socket.send(sipRequest('OPTIONS', 'sip:127.0.0.1', [
        'To: <sip:127.0.0.1>', 'From: <sip:raw@127.0.0.1>;tag=raw3', 'Call-ID: raw-options@raw.invalid', 'CSeq: 1 OPTIONS',
      ]));
      expect(statusOf(await socket.next((f) => f.includes('CSeq: 1 OPTIONS'), 5_000))).toBe(200);
    } finally {
      await socket.close();
    }
  });
});
