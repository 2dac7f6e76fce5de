import { describe, expect, it } from 'vitest';
import {
  AgentLoginRecordSchema,
  CampaignListSchema,
  ctiFlag,
  describeIssues,
  DialerSchema,
  DialerTaskInputSchema,
  DispositionInputSchema,
  newAgentRecord,
  parseCampaignFields,
  parseCtiText,
  parseDialerFields,
} from '../../../common/domain';

describe('domain schemas', () => {
  it('keeps unknown campaign fields and parses the text formats beside the raw record', () => {
    const [campaign] = CampaignListSchema.parse([{ name: 'Cobranzas->', timeout: 20, ringinuse: false, dialstring: 'SIP/t1/2600', brandNew: 'x' }]);
    expect(campaign).toMatchObject({ brandNew: 'x' });
    const parsed = parseCampaignFields(campaign!);
    expect(parsed.direction.parsed?.direction).toBe('outbound');
    expect(parsed.dialstring.parsed).toEqual({ tech: 'SIP', trunk: 't1', number: '2600' });
    expect(parsed.record).toBe(campaign);
  });

  it('names the field when a known field has the wrong type', () => {
    const result = CampaignListSchema.safeParse([{ name: 'A<-' }, { name: 'B->', timeout: '20' }]);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toMatch(/^\[1\]\.timeout: expected number, received string/);
  });

  it('parses a dialer and keeps an unknown variables format raw', () => {
    const dialer = DialerSchema.parse({ campaign: 'Encuestas->', variables: 'weird', recycle: '[]', status: 1 });
    const parsed = parseDialerFields(dialer);
    expect(parsed.variables).toEqual({ raw: 'weird', parsed: null, known: false });
    expect(parsed.recycle.parsed).toEqual([]);
  });

  it('requires what a phone needs in the agent login record', () => {
    const ok = AgentLoginRecordSchema.safeParse({ id: 1, name: '1001', host: 'h', md5secret: 'abc', token: 'tok', limite: 0, extra: true });
    expect(ok.success).toBe(true);
    const missing = AgentLoginRecordSchema.safeParse({ name: '1001', host: 'h', md5secret: 'abc' });
    expect(missing.success).toBe(false);
    if (!missing.success) expect(describeIssues(missing.error)).toContain('token');
  });

  it('fills every optional key of a dialer task and a disposition', () => {
    expect(DialerTaskInputSchema.parse({ campaign: 'C->', destination: '099' })).toEqual({
      calldate: null, campaign: 'C->', destination: '099', alternatives: '', agent: '', data: '', source: '', bulk: false, automatic: false,
    });
    const d = DispositionInputSchema.parse({ campaign: 'C', agent: 'a', callerid: '1', guid: 'g', l1: 'Sale' });
    expect(Object.values(d).filter((v) => v === '')).toHaveLength(8);
    expect(DispositionInputSchema.safeParse({ campaign: 'C', agent: 'a', callerid: '1', guid: 'g', l1: 'x', schedule: 'tomorrow' }).success).toBe(false);
  });

  it('builds the Create Agent record with the fixed fields', () => {
    const record = newAgentRecord({ userName: 'u', password: 'p', fullname: 'F', phoneNumber: '2001' });
    expect(record).toMatchObject({ accountcode: 'u', secret: 'p', name: '2001', callerid: '2001', defaultuser: '2001', host: 'dynamic', context: 'agentes', limite: '0', id: 407 });
  });

  it('parses CTI text tolerantly and reports bad input without throwing', () => {
    const sample = '{"Guid":"824da669-2239-46f2-98c7-1a8cafa34701","Screen":"FALSE","Form":"f","Campaign":"SalienteTest->","Callerid":"17410632","ParAndValues":"","Beep":"FALSE","Answer":"TRUE","New":1}';
    const result = parseCtiText(sample);
    expect(result.ok && result.value.Guid).toBe('824da669-2239-46f2-98c7-1a8cafa34701');
    expect(result.ok && ctiFlag(result.value.Answer)).toBe(true);
    expect(result.ok && result.value['New']).toBe(1);
    expect(parseCtiText('{"Screen":"x"}')).toMatchObject({ ok: false });
    expect(parseCtiText('not json')).toEqual({ ok: false, error: 'the call context is not JSON' });
  });
});
