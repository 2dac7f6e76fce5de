import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialLinkAction, dialLinkResultSchema, describeDialLinkProblem, handleDialLink, type DialLinkProblem } from '../../common/dial-link';

type Dial = [link: string, number: string, display: string, extension?: string];

const dialled: Dial[] = [
  ['tel:+59899123456', '+59899123456', '+59899123456'],
  ['TEL:+59899123456', '+59899123456', '+59899123456'],
  ['tel:099-123-456', '099123456', '099123456'],
  ['tel:+1-201-555-0123', '+12015550123', '+12015550123'],
  ['tel:+1.201.555.0123', '+12015550123', '+12015550123'],
  ['tel:(201)%20555-0123', '2015550123', '2015550123'],
  ['tel:%2B598%2099%20123%20456', '+59899123456', '+59899123456'],
  ['tel:+598%C2%A099%C2%A0123', '+59899123', '+59899123'], // encoded no-break spaces
  ['tel:+1-201-555-0123;ext=42', '+12015550123', '+12015550123 ext. 42', '42'],
  ['tel:+1-201-555-0123%3Bext%3D42', '+12015550123', '+12015550123 ext. 42', '42'],
  ['tel:5550123;phone-context=+1-201', '5550123', '5550123'],
  ['tel:5550123;phone-context=example.com', '5550123', '5550123'],
  ['tel:5550123;ext=9;phone-context=+1', '5550123', '5550123 ext. 9', '9'],
  ['tel:555-0123%20x42', '5550123', '5550123 ext. 42', '42'],
  ['tel:555-0123,42', '5550123', '5550123 ext. 42', '42'],
  ['tel://+59899123456', '+59899123456', '+59899123456'],
  ['tel:+59899123456?utm_source=crm', '+59899123456', '+59899123456'],
  ['tel:+59899123456#contact', '+59899123456', '+59899123456'],
  ['  tel:1001  ', '1001', '1001'],
  ['callto:+59899123456', '+59899123456', '+59899123456'],
  ['callto://+59899123456', '+59899123456', '+59899123456'],
  ['callto:099%20123%20456', '099123456', '099123456'],
  ['Callto:099.123.456', '099123456', '099123456'],
  ['sip:1001@pbx.example.com', '1001', '1001'],
  ['sip:+59899123456@pbx.example.com;user=phone', '+59899123456', '+59899123456'],
  ['sip:+1-201-555-0123;ext=42@gw.example.com;user=phone', '+12015550123', '+12015550123 ext. 42', '42'],
  ['sip:1001@pbx.example.com:5060;transport=wss', '1001', '1001'],
  ['sip:1001@pbx.example.com?subject=hello', '1001', '1001'],
  ['sip:1001', '1001', '1001'],
  ['SIP:%2B59899123456@host', '+59899123456', '+59899123456'],
];

const refused: [link: string, reason: DialLinkProblem][] = [
  ['', 'unsupported-scheme'],
  ['+59899123456', 'unsupported-scheme'],
  ['http://example.com/tel:123', 'unsupported-scheme'],
  ['https://crm.example.com', 'unsupported-scheme'],
  ['mailto:ana@example.com', 'unsupported-scheme'],
  ['javascript:alert(1)', 'unsupported-scheme'],
  ['sips:1001@host', 'unsupported-scheme'],
  ['file:///etc/passwd', 'unsupported-scheme'],
  ['tel:', 'empty'],
  ['tel://', 'empty'],
  ['tel:%20%20', 'empty'],
  ['tel:12', 'too-short'],
  ['tel:123456789012345678901', 'too-long'],
  ['tel:1-800-FLOWERS', 'letters'],
  ['tel:12+34', 'misplaced-plus'],
  ['tel:*123', 'invalid-character'],
  ['tel:555%230123', 'invalid-character'],
  ['tel:555%', 'malformed-encoding'],
  ['tel:555%zz0123', 'malformed-encoding'],
  ['tel:555%0A0123', 'malformed-encoding'],
  ['tel:555%000123', 'malformed-encoding'],
  ['tel:5550123;ext=abc', 'invalid-extension'],
  ['tel:5550123 x', 'invalid-extension'],
  ['callto:echo123', 'letters'],
  ['callto:skype.user', 'letters'],
  ['sip:alice@pbx.example.com', 'not-a-number'],
  ['sip:agent7@pbx.example.com', 'not-a-number'],
  ['sip:@pbx.example.com', 'not-a-number'],
  ['sip:pbx.example.com', 'not-a-number'],
  [`tel:${'1'.repeat(3000)}`, 'link-too-long'],
];

describe('handleDialLink', () => {
  it.each(dialled)('dials %j', (link, number, display, extension) => {
    const result = handleDialLink(link);
    expect(result).toMatchObject({ kind: 'dial', number, display });
    if (result.kind === 'dial') expect(result.extension).toBe(extension);
  });

  it.each(refused)('refuses %j (%s) and shows why', (link, reason) => {
    const result = handleDialLink(link);
    expect(result).toMatchObject({ kind: 'invalid', reason, message: describeDialLinkProblem(reason, 'en') });
  });

  it('keeps the raw link, shortened, so the UI can show what was refused', () => {
    const long = `tel:${'9'.repeat(3000)}`;
    const result = handleDialLink(long);
    expect(result.kind === 'invalid' && result.raw.length).toBeLessThanOrEqual(201);
    expect(handleDialLink('tel:abc')).toMatchObject({ kind: 'invalid', raw: 'tel:abc' });
  });

  it('never throws and never dials anything but digits with an optional +', () => {
    const scheme = fc.constantFrom('tel:', 'callto:', 'sip:', 'TEL:', 'x:', '');
    fc.assert(
      fc.property(scheme, fc.string({ maxLength: 60 }), (prefix, rest) => {
        const result = handleDialLink(prefix + rest);
        return result.kind === 'invalid' || /^\+?\d{3,20}$/.test(result.number);
      }),
      { numRuns: 2000 },
    );
  });

  it('produces only results the IPC schema accepts (every reason, every dialled shape)', () => {
    for (const [link] of [...dialled, ...refused]) {
      const result = handleDialLink(link);
      expect(dialLinkResultSchema.parse(result)).toEqual(result);
    }
    expect(new Set(refused.map(([, reason]) => reason)).size).toBe(11);
  });

  it('explains every link problem in both languages', () => {
    for (const [, reason] of refused) {
      expect(describeDialLinkProblem(reason, 'es')).not.toBe(describeDialLinkProblem(reason, 'en'));
    }
  });
});

describe('dialLinkAction ("dial immediately")', () => {
  const good = handleDialLink('tel:+1-201-555-0123;ext=42');
  const bad = handleDialLink('tel:hello');

  it.each([
    [false, false, 'prefill'],
    [false, true, 'prefill'],
    [true, false, 'prefill'],
    [true, true, 'dial'],
  ] as const)('dialImmediately=%s phoneIdle=%s → %s', (dialImmediately, phoneIdle, action) => {
    expect(dialLinkAction(good, { dialImmediately, phoneIdle })).toEqual({
      action,
      number: '+12015550123',
      display: '+12015550123 ext. 42',
      extension: '42',
    });
  });

  it('shows an invalid link and never dials it, whatever the settings', () => {
    for (const dialImmediately of [true, false]) {
      expect(dialLinkAction(bad, { dialImmediately, phoneIdle: true })).toMatchObject({ action: 'show-invalid', reason: 'letters', raw: 'tel:hello' });
    }
  });
});
