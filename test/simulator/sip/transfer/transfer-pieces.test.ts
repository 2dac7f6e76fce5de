// The pure pieces of issue 22's simulator side, one by one: what a Replaces
// and a REFER say, what a dialled user part reaches, how Asterisk maps a
// failed dial, the 400 for a request sip.js cannot parse, the remembered
// dialogs, the relay queue and the PBX settings.
import { Core } from 'sip.js';
import { describe, expect, it } from 'vitest';
import { loadSeed } from '../../../../simulator/seed/load-seed';
import { SimState } from '../../../../simulator/state/sim-state';
import { badRequestResponse } from '../../../../simulator/sip/bad-request';
import { ENDED_DIALOG_KEPT_MS, ENDED_DIALOGS_KEPT, EndedDialogs } from '../../../../simulator/sip/ended-dialogs';
import { describeDialTarget, resolveDialTarget } from '../../../../simulator/sip/transfer/dial-target';
import { AstCause, causeOfStatus, statusOfCause, transferFailureStatus } from '../../../../simulator/sip/transfer/hangup-causes';
import { PbxSettings } from '../../../../simulator/sip/transfer/pbx-settings';
import { parseRefer } from '../../../../simulator/sip/transfer/refer-request';
import { parseReplaces } from '../../../../simulator/sip/transfer/replaces';

const logger = new Core.LoggerFactory().getLogger('test');

function request(headers: string[]): Core.IncomingRequestMessage {
  const text = [
    'REFER sip:platform@127.0.0.1 SIP/2.0', 'Via: SIP/2.0/WS a.invalid;branch=z9hG4bK1', 'To: <sip:platform@127.0.0.1>;tag=p1',
    'From: <sip:1001@127.0.0.1>;tag=a1', 'Call-ID: c1', 'CSeq: 2 REFER', ...headers, 'Content-Length: 0', '', '',
  ].join('\r\n');
  const parsed = Core.Parser.parseMessage(text, logger);
  if (!(parsed instanceof Core.IncomingRequestMessage)) throw new Error('test request does not parse');
  return parsed;
}

describe('Replaces values', () => {
  it('name a call-id and both tags, with early-only as a flag', () => {
    expect(parseReplaces('abc@host;to-tag=p1;from-tag=a1')).toEqual({ callId: 'abc@host', toTag: 'p1', fromTag: 'a1', earlyOnly: false });
    expect(parseReplaces('abc ; from-tag=a1 ; to-tag=p1 ; early-only')).toEqual({ callId: 'abc', toTag: 'p1', fromTag: 'a1', earlyOnly: true });
  });

  it.each(['', 'abc', 'abc;to-tag=p1', 'abc;from-tag=a1', 'a b;to-tag=1;from-tag=2', 'abc;to-tag=;from-tag=2', 'abc;to-tag=1=2;from-tag=3', `x;to-tag=1;from-tag=${'2'.repeat(1100)}`])(
    'are malformed: %j',
    (value) => expect(parseReplaces(value)).toBeUndefined(),
  );
});

describe('REFERs', () => {
  it('read Refer-To, the URI-decoded Replaces, Refer-Sub and Referred-By', () => {
    const blind = parseRefer(request(['Refer-To: <sip:1002@other.host>', 'Referred-By: <sip:1001@127.0.0.1>']));
    expect(blind.ok && blind.refer).toMatchObject({ wantsProgress: true, referSubHeader: false, referredBy: '<sip:1001@127.0.0.1>' });
    expect(blind.ok && blind.refer.target.user).toBe('1002');
    expect(blind.ok && blind.refer.replaces).toBeUndefined();
    const attended = parseRefer(request(['Refer-To: "B" <sip:platform@127.0.0.1?Replaces=abc%40host%3Bto-tag%3Dp9%3Bfrom-tag%3Da9>', 'Refer-Sub: false']));
    expect(attended.ok && attended.refer).toMatchObject({ replaces: 'abc@host;to-tag=p9;from-tag=a9', wantsProgress: false, referSubHeader: true });
  });

  it('take any Refer-Sub not starting with "true" as no subscription (res_pjsip_refer compares four letters)', () => {
    const wants = (value: string): boolean => {
      const parsed = parseRefer(request(['Refer-To: <sip:1002@h>', `Refer-Sub: ${value}`]));
      return parsed.ok && parsed.refer.wantsProgress;
    };
    expect([wants('true'), wants('TRUE;x'), wants('false'), wants('no')]).toEqual([true, true, false, false]);
  });

  it('refuse a missing or overlong Refer-To, unread', () => {
    expect(parseRefer(request([]))).toEqual({ ok: false, why: 'no Refer-To' });
    expect(parseRefer(request([`Refer-To: <sip:${'1'.repeat(3000)}@h>`])).ok).toBe(false);
  });
});

describe('dial targets', () => {
  it('are an extension, a campaign by its exact name, an outside number, or nothing', async () => {
    const state = new SimState(await loadSeed());
    expect(describeDialTarget(resolveDialTarget('1002', state)!)).toBe('extension 1002');
    expect(describeDialTarget(resolveDialTarget('Soporte<-', state)!)).toBe('campaign Soporte<-');
    expect(resolveDialTarget('soporte<-', state)).toBeUndefined();
    expect(describeDialTarget(resolveDialTarget('099123456', state)!)).toBe('number 099123456');
    expect(describeDialTarget(resolveDialTarget('+598', state)!)).toBe('number +598');
    // Up to five digits is the extension pattern: an extension nobody has is unknown, not an outside number.
    expect(resolveDialTarget('9999', state)).toBeUndefined();
    expect(resolveDialTarget('12345', state)).toBeUndefined();
    expect(resolveDialTarget('', state)).toBeUndefined();
    expect(resolveDialTarget('1'.repeat(21), state)).toBeUndefined();
  });
});

describe("Asterisk's hangup causes", () => {
  it('map a target\'s refusal to what the caller hears', () => {
    expect(statusOfCause(causeOfStatus(486))).toBe(486);
    expect(statusOfCause(causeOfStatus(603))).toBe(403);
    expect(statusOfCause(causeOfStatus(480))).toBe(480);
    expect(statusOfCause(causeOfStatus(404))).toBe(404);
    expect(statusOfCause(causeOfStatus(502))).toBe(503);
    expect(statusOfCause(AstCause.NO_ROUTE_DESTINATION)).toBe(404);
    expect(statusOfCause(9999)).toBe(603);
  });

  it('make a transfer\'s failure 486 when busy and 503 otherwise', () => {
    expect(transferFailureStatus(AstCause.USER_BUSY)).toBe(486);
    expect([AstCause.NO_ANSWER, AstCause.CALL_REJECTED, AstCause.NO_ROUTE_DESTINATION].map(transferFailureStatus)).toEqual([503, 503, 503]);
  });
});

describe('requests sip.js cannot parse', () => {
  it('get 400 with the request\'s Via, From, To (tagged), Call-ID and CSeq', () => {
    const reply = badRequestResponse(
      'REFER sip:platform@h SIP/2.0\r\nVia: SIP/2.0/WS a;branch=z9hG4bK1\r\nv: SIP/2.0/WS b;branch=z9hG4bK2\r\nf: <sip:1001@h>;tag=a\r\nTo: <sip:p@h>\r\ni: x1\r\nCSeq: 4 REFER\r\nRefer-To: <<<\r\n\r\n',
    );
    expect(reply?.split('\r\n').slice(0, 7)).toEqual([
      'SIP/2.0 400 Bad Request', 'Via: SIP/2.0/WS a;branch=z9hG4bK1', 'Via: SIP/2.0/WS b;branch=z9hG4bK2', 'From: <sip:1001@h>;tag=a',
      expect.stringMatching(/^To: <sip:p@h>;tag=[0-9a-f]{12}$/), 'Call-ID: x1', 'CSeq: 4 REFER',
    ]);
  });

  it('get nothing when they are no request, an ACK, or lack what a response needs', () => {
    expect(badRequestResponse('SIP/2.0 200 OK\r\nVia: x\r\n\r\n')).toBeUndefined();
    expect(badRequestResponse('ACK sip:h SIP/2.0\r\nVia: x\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\nCSeq: 1 ACK\r\n\r\n')).toBeUndefined();
    expect(badRequestResponse('INVITE sip:h SIP/2.0\r\nVia: x\r\nFrom: a\r\nTo: b\r\n\r\n')).toBeUndefined();
    expect(badRequestResponse('hello')).toBeUndefined();
  });
});

describe('ended dialogs', () => {
  it('are remembered a minute, and never more than the cap', () => {
    let now = 0;
    const ended = new EndedDialogs(() => now);
    ended.remember('c1', 'p', 'a');
    expect(ended.has('c1', 'p', 'a')).toBe(true);
    expect(ended.has('c1', 'a', 'p')).toBe(false);
    now += ENDED_DIALOG_KEPT_MS + 1;
    expect(ended.has('c1', 'p', 'a')).toBe(false);
    for (let i = 0; i < ENDED_DIALOGS_KEPT + 50; i++) ended.remember(`c${i}`, 'p', 'a');
    expect(ended.size).toBe(ENDED_DIALOGS_KEPT);
    expect(ended.has('c0', 'p', 'a')).toBe(false);
    expect(ended.has(`c${ENDED_DIALOGS_KEPT + 49}`, 'p', 'a')).toBe(true);
  });
});

describe('PBX settings', () => {
  it('start from the seed, change at runtime and go back on reset', async () => {
    const settings = new PbxSettings((await loadSeed()).pbx);
    expect(settings.transferView()).toEqual({ blindTransferFinal: 'early', transfererByeWaitMs: 60_000, transfersRefused: [] });
    settings.setTransfersAllowed('Cobranzas->', false);
    settings.setTransfer({ blindTransferFinal: 'on-answer' });
    settings.setOutsideParties({ busy: ['26000999'] });
    expect(settings.refusesTransfers('Cobranzas->')).toBe(true);
    expect(settings.outsideParties).toMatchObject({ busy: ['26000999'], noAnswer: ['26000480'] });
    settings.reset();
    expect(settings.refusesTransfers('Cobranzas->')).toBe(false);
    expect(settings.blindTransferFinal).toBe('early');
    expect(settings.outsideParties.busy).toEqual(['26000486']);
  });
});
