import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentLoginRecordSchema, CampaignListSchema, DialerListSchema } from '../../common/domain';
import { IntegraError, PlatformRefusedError, UnexpectedResponseError } from '../../main/api';
import { parseGuid, parseJson, parseSuccessWord, parseToken } from '../../main/api/response-parsers';

const parsers: [string, (body: string) => unknown][] = [
  ['token', (b) => parseToken('clientAuth', b)],
  ['agent record', (b) => parseJson('agentLogin', b, AgentLoginRecordSchema, 'agent record')],
  ['Success', (b) => parseSuccessWord('logout', b, 'Success')],
  ['1', (b) => parseSuccessWord('hangup', b, '1')],
  ['OK', (b) => parseSuccessWord('disposition', b, 'OK')],
  ['guid', (b) => parseGuid('makeCall', b)],
  ['campaigns', (b) => parseJson('getCampaigns', b, CampaignListSchema, 'campaign list')],
  ['dialers', (b) => parseJson('getDialers', b, DialerListSchema, 'dialer list')],
];

/** Bodies a real or broken server might send, plus arbitrary text. */
const bodies = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('0', ' 0\n', 'Error', '1', 'OK', 'Success', '', '<html><body>500</body></html>', '[', '[{"name":1}]', '[]', '{}', 'null'),
  fc.json(),
  fc.array(fc.record({ name: fc.string(), campaign: fc.string(), timeout: fc.oneof(fc.integer(), fc.string()) })).map((v) => JSON.stringify(v)),
);

describe('response parsers', () => {
  it.each(parsers)('%s: every body ends in a typed value or a typed error', (_name, parse) => {
    fc.assert(
      fc.property(bodies, (body) => {
        try {
          parse(body);
        } catch (error) {
          expect(error).toBeInstanceOf(IntegraError);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reads the refusal words, trimming whitespace', () => {
    for (const [, parse] of parsers) {
      expect(() => parse(' 0 \r\n')).toThrow(PlatformRefusedError);
      expect(() => parse('Error')).toThrow(PlatformRefusedError);
    }
  });

  it('accepts the success words and values with surrounding whitespace', () => {
    expect(() => parseSuccessWord('hangup', '1\n', '1')).not.toThrow();
    expect(parseToken('clientAuth', ' abc123==\n')).toBe('abc123==');
    expect(parseGuid('makeCall', '824da669-2239-46f2-98c7-1a8cafa34701\n')).toBe('824da669-2239-46f2-98c7-1a8cafa34701');
  });

  it('explains HTML, empty, cut-short and wrongly shaped bodies', () => {
    expect(() => parseSuccessWord('hangup', '<!DOCTYPE html><p>x</p>', '1')).toThrow(/HTML/);
    expect(() => parseSuccessWord('hangup', '   ', '1')).toThrow(/empty/);
    expect(() => parseJson('getCampaigns', '[{"name":"A"', CampaignListSchema, 'campaign list')).toThrow(/not valid JSON/);
    expect(() => parseJson('getCampaigns', '[{"name":"A","retry":"5"}]', CampaignListSchema, 'campaign list')).toThrow(/\[0\]\.retry/);
    expect(() => parseGuid('makeCall', '824da669-2239-46f2')).toThrow(UnexpectedResponseError);
    expect(() => parseSuccessWord('logout', 'Suc', 'Success')).toThrow(/expected "Success" but got "Suc"/);
  });
});
