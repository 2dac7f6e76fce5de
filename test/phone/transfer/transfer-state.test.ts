// What a transfer's reports mean, pure: the sipfrag's status line (and garbage), the REFER's
// answer, NOTIFYs in any order, and the exact Refer-To of an attended transfer.
import { describe, expect, it } from 'vitest';
import { english } from '../../../common/i18n/say';
import { readSipFrag } from '../../../renderer/src/phone/transfer/sipfrag';
import { afterAnswer, afterNotify, type TransferState } from '../../../renderer/src/phone/transfer/transfer-state';
import { attendedReferTo, blindReferTo, escapeHeaderValue } from '../../../renderer/src/phone/transfer/refer-to';
import type { ReferNotify } from '../../../renderer/src/phone/call/refer-dialog';

const frag = (body: string, subscriptionState = 'active'): ReferNotify => ({ event: 'refer', subscriptionState, contentType: 'message/sipfrag', body });
const run = (...notifies: ReferNotify[]): TransferState => notifies.reduce<TransferState>((s, n) => afterNotify(s, n, '1002'), { stage: 'requested' });

describe('sipfrag', () => {
  it('reads the status line and nothing else', () => {
    expect(readSipFrag('SIP/2.0 180 Ringing\r\n')).toEqual({ status: 180, reason: 'Ringing' });
    expect(readSipFrag('\r\nSIP/2.0 200 OK\r\nContact: <sip:x@y>\r\n')).toEqual({ status: 200, reason: 'OK' });
    expect(readSipFrag('SIP/2.0 503')).toEqual({ status: 503, reason: '' });
    expect(readSipFrag('SIP/2.0 486 Busy\u202E Here')).toEqual({ status: 486, reason: 'Busy Here' });
  });

  it('reads garbage as nothing', () => {
    for (const body of ['', 'garbage', 'SIP/2.0 99 Low', 'SIP/2.0 700 High', 'SIP/3.0 200 OK', 'HTTP/1.1 200 OK', 'SIP/2.0 2000 OK', '\u0000'.repeat(10_000), `SIP/2.0 ${'9'.repeat(100_000)}`]) {
      expect(readSipFrag(body)).toBeNull();
    }
  });
});

describe('transfer progress', () => {
  it('goes requested → trying → ringing → done, also when 200 comes right after 180', () => {
    expect(run(frag('SIP/2.0 100 Trying'))).toEqual({ stage: 'trying' });
    expect(run(frag('SIP/2.0 100 Trying'), frag('SIP/2.0 183 Session Progress'))).toEqual({ stage: 'ringing' });
    expect(run(frag('SIP/2.0 100 Trying'), frag('SIP/2.0 180 Ringing'), frag('SIP/2.0 200 OK', 'terminated'))).toEqual({ stage: 'done' });
    expect(run(frag('SIP/2.0 200 OK', 'terminated'))).toEqual({ stage: 'done' });
  });

  it('ignores reports out of order, repeated, for other events or after the result', () => {
    expect(run(frag('SIP/2.0 180 Ringing'), frag('SIP/2.0 100 Trying'))).toEqual({ stage: 'ringing' });
    expect(run(frag('SIP/2.0 180 Ringing'), frag('SIP/2.0 180 Ringing'))).toEqual({ stage: 'ringing' });
    expect(run({ ...frag('SIP/2.0 200 OK'), event: 'dialog' })).toEqual({ stage: 'requested' });
    expect(run(frag('SIP/2.0 200 OK', 'terminated'), frag('SIP/2.0 486 Busy Here', 'terminated'))).toEqual({ stage: 'done' });
    expect(run(frag('garbage'), frag('SIP/2.0 100 Trying'))).toEqual({ stage: 'trying' });
  });

  it('fails with what each final status means', () => {
    const kinds = [404, 486, 503, 603, 480, 408, 500].map((status) => {
      const s = run(frag(`SIP/2.0 ${status} X`, 'terminated'));
      return s.stage === 'failed' ? `${s.failure.kind}:${s.failure.status}` : s.stage;
    });
    expect(kinds).toEqual(['not-found:404', 'busy:486', 'unavailable:503', 'declined:603', 'unavailable:480', 'no-answer:408', 'refused:500']);
    const notFound = run(frag('SIP/2.0 404 Not Found', 'terminated'));
    expect(notFound.stage === 'failed' && english(notFound.failure.reason)).toBe('The transfer to 1002 did not go through: 1002 does not exist. The customer is back with you.');
  });

  it('ends a subscription that terminates without a result as no-result', () => {
    const s = run(frag('SIP/2.0 180 Ringing'), frag('garbage', 'terminated'));
    expect(s.stage === 'failed' && s.failure).toMatchObject({ kind: 'no-result', status: null });
  });

  it("reads the REFER's answer: 202 trying, 2xx with Refer-Sub: false done, 603 not allowed, 408 timeout", () => {
    const start: TransferState = { stage: 'requested' };
    expect(afterAnswer(start, { status: 202, reason: 'Accepted', subscription: true }, '1002')).toEqual({ stage: 'trying' });
    expect(afterAnswer(start, { status: 200, reason: 'OK', subscription: false }, '1002')).toEqual({ stage: 'done' });
    expect(afterAnswer(start, { status: 603, reason: 'Decline', subscription: true }, '1002')).toMatchObject({ stage: 'failed', failure: { kind: 'not-allowed', status: 603 } });
    expect(afterAnswer(start, { status: 408, reason: 'Request Timeout', subscription: true }, '1002')).toMatchObject({ stage: 'failed', failure: { kind: 'timeout' } });
    // A NOTIFY may overtake the 202: the 202 then changes nothing.
    expect(afterAnswer({ stage: 'ringing' }, { status: 202, reason: 'Accepted', subscription: true }, '1002')).toEqual({ stage: 'ringing' });
  });
});

describe('Refer-To', () => {
  it('names the target in angle brackets, and for Replaces escapes the dialog as RFC 3891 shows', () => {
    expect(blindReferTo('sip:1002@pbx')).toBe('<sip:1002@pbx>');
    expect(attendedReferTo('sip:1002@pbx', { callId: '12345@192.168.118.3', remoteTag: '12345', localTag: '5FFE-3994' })).toBe(
      '<sip:1002@pbx?Replaces=12345%40192.168.118.3%3Bto-tag%3D12345%3Bfrom-tag%3D5FFE-3994>',
    );
    expect(escapeHeaderValue('a b&c?d/e:f+g$h[i]~ñ')).toBe('a%20b%26c?d/e:f+g$h[i]~%C3%B1');
  });
});
