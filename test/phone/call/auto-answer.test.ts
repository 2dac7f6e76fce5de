import { describe, expect, it } from 'vitest';
import { autoAnswerRequested, decideAutoAnswer, type IncomingCallFacts } from '../../../renderer/src/phone/call/auto-answer';

const base: IncomingCallFacts = { pAutoAnswer: undefined, callInfo: [], cti: null, remoteUser: '17410632' };
const cti = (o: Record<string, string>) => ({ Guid: 'g-1', ...o });
const none = new Set<string>();

describe('auto-answer', () => {
  it('recognises each way of asking', () => {
    expect(autoAnswerRequested({ ...base, pAutoAnswer: 'normal' })).toBe(true);
    expect(autoAnswerRequested({ ...base, pAutoAnswer: 'Normal;x=1' })).toBe(true);
    expect(autoAnswerRequested({ ...base, callInfo: ['<sip:127.0.0.1>;answer-after=0'] })).toBe(true);
    expect(autoAnswerRequested({ ...base, callInfo: ['<sip:127.0.0.1>;answer-after=0;purpose=x'] })).toBe(true);
    expect(autoAnswerRequested({ ...base, callInfo: ['<sip:127.0.0.1>;answer-after=10'] })).toBe(false);
    expect(autoAnswerRequested({ ...base, cti: cti({ Answer: 'TRUE' }) })).toBe(true);
    expect(autoAnswerRequested({ ...base, cti: cti({ Answer: 'FALSE' }) })).toBe(false);
    expect(autoAnswerRequested(base)).toBe(false);
  });

  it('rings a call a colleague transferred here, whatever its campaign or headers ask (issue 22)', () => {
    const pending = [{ guid: 'g-1', expiresAt: 100 }];
    const facts = { ...base, pAutoAnswer: 'normal', cti: cti({ Campaign: 'Cobranzas->', Answer: 'TRUE' }), referredBy: '1001' };
    expect(decideAutoAnswer(facts, pending, new Set(['Cobranzas->']), 50)).toEqual({ answer: false, because: 'transferred' });
    expect(decideAutoAnswer({ ...facts, referredBy: null }, pending, new Set(['Cobranzas->']), 50).answer).toBe(true);
  });

  it('answers a requested call that matches a pending Make Call by GUID', () => {
    const pending = [{ guid: 'g-1', expiresAt: 100 }];
    const d = decideAutoAnswer({ ...base, pAutoAnswer: 'normal', cti: cti({}) }, pending, none, 50);
    expect(d).toEqual({ answer: true, because: 'make-call', match: pending[0] });
  });

  it('matches by destination digits when the GUID is not known yet', () => {
    const pending = [{ destination: '+1 741-0632', expiresAt: 100 }];
    expect(decideAutoAnswer({ ...base, pAutoAnswer: 'normal', remoteUser: '17410632' }, pending, none, 0).answer).toBe(true);
    expect(decideAutoAnswer({ ...base, pAutoAnswer: 'normal', remoteUser: 'anonymous', cti: cti({ Callerid: '17410632' }) }, pending, none, 0).answer).toBe(true);
  });

  it('rings a requested call nobody expects, or whose expectation expired', () => {
    expect(decideAutoAnswer({ ...base, pAutoAnswer: 'normal' }, [], none, 0)).toEqual({ answer: false, because: 'not-expected' });
    expect(decideAutoAnswer({ ...base, pAutoAnswer: 'normal', cti: cti({}) }, [{ guid: 'g-1', expiresAt: 10 }], none, 10).answer).toBe(false);
  });

  it('rings an expected call that did not ask to be answered', () => {
    expect(decideAutoAnswer({ ...base, cti: cti({}) }, [{ guid: 'g-1', expiresAt: 100 }], none, 0)).toEqual({ answer: false, because: 'not-requested' });
  });

  it('answers calls of a campaign with auto_answer, and only those', () => {
    const campaigns = new Set(['Cobranzas->']);
    expect(decideAutoAnswer({ ...base, cti: cti({ Campaign: 'Cobranzas->' }) }, [], campaigns, 0)).toEqual({ answer: true, because: 'campaign', match: null });
    expect(decideAutoAnswer({ ...base, pAutoAnswer: 'normal', cti: cti({ Campaign: 'Encuestas->' }) }, [], campaigns, 0).answer).toBe(false);
  });
});
