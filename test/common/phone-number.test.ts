import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate, type Language } from '../../common/i18n';
import {
  MAX_DIGITS,
  MIN_DIGITS,
  normalisePhoneNumber,
  phoneNumberProblemKey,
  PROBLEM_PARAMS,
  type PhoneNumberProblem,
} from '../../common/phone-number';

const said = (problem: PhoneNumberProblem, language: Language) => translate(language, phoneNumberProblemKey(problem), PROBLEM_PARAMS);

const valid: [input: string, number: string, extension: string | undefined, display: string][] = [
  ['+59899123456', '+59899123456', undefined, '+59899123456'],
  ['099 123 456', '099123456', undefined, '099123456'],
  ['  099-123-456  ', '099123456', undefined, '099123456'],
  ['(011) 4567.8901', '01145678901', undefined, '01145678901'],
  ['+1 (201) 555-0123', '+12015550123', undefined, '+12015550123'],
  ['+1/201/555/0123', '+12015550123', undefined, '+12015550123'],
  ['099\u00a0123\u00a0456', '099123456', undefined, '099123456'], // no-break spaces
  ['099\u2009123\u202f456', '099123456', undefined, '099123456'], // thin spaces
  ['099\u2013123\u2014456\u2212789', '099123456789', undefined, '099123456789'], // dashes, minus
  ['\uff0b\uff15\uff19\uff18 99 123', '+59899123', undefined, '+59899123'], // full-width + and digits
  ['1001', '1001', undefined, '1001'],
  ['911', '911', undefined, '911'],
  ['12345678901234567890', '12345678901234567890', undefined, '12345678901234567890'],
  ['+12345678901234567890', '+12345678901234567890', undefined, '+12345678901234567890'],
  ['+1-201-555-0123;ext=42', '+12015550123', '42', '+12015550123 ext. 42'],
  ['+1-201-555-0123;EXT=4-2', '+12015550123', '42', '+12015550123 ext. 42'],
  ['5550123;phone-context=+1', '5550123', undefined, '5550123'],
  ['5550123;phone-context=example.com;ext=7', '5550123', '7', '5550123 ext. 7'],
  ['5550123;isub=1234', '5550123', undefined, '5550123'],
  ['555-0123 x42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123x42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123 X 42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123 ext 42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123 ext. 42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123 Ext.42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123 extension 42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123,42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123,,,42', '5550123', '42', '5550123 ext. 42'],
  ['555-0123, 42', '5550123', '42', '5550123 ext. 42'],
];

const invalid: [input: string, problem: PhoneNumberProblem][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['-- ..', 'empty'],
  ['+', 'too-short'],
  ['12', 'too-short'],
  ['+12', 'too-short'],
  ['123456789012345678901', 'too-long'],
  ['+123456789012345678901', 'too-long'],
  ['1-800-FLOWERS', 'letters'],
  ['call me', 'letters'],
  ['ana.garcia', 'letters'],
  ['12+34', 'misplaced-plus'],
  ['++598991', 'misplaced-plus'],
  ['*123', 'invalid-character'],
  ['555#123', 'invalid-character'],
  ['555_0123', 'invalid-character'],
  ['555\u00000123', 'invalid-character'],
  ['5550123 x', 'invalid-extension'],
  ['5550123,', 'invalid-extension'],
  ['5550123 x4a', 'invalid-extension'],
  ['5550123 ext 12345678901', 'invalid-extension'],
  ['5550123;ext=', 'invalid-extension'],
  ['5550123;ext=abc', 'invalid-extension'],
  ['5550123 x1;ext=2', 'invalid-extension'],
];

describe('normalisePhoneNumber', () => {
  it.each(valid)('accepts %j', (input, number, extension, display) => {
    const result = normalisePhoneNumber(input);
    expect(result).toEqual({ ok: true, value: extension === undefined ? { number, display } : { number, extension, display } });
  });

  it.each(invalid)('refuses %j as %s', (input, problem) => {
    const result = normalisePhoneNumber(input);
    expect(result).toEqual({ ok: false, problem });
  });

  it('accepts every digit string of the allowed lengths, with or without +', () => {
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(`^\\+?[0-9]{${MIN_DIGITS},${MAX_DIGITS}}$`)), (digits) => {
        const result = normalisePhoneNumber(digits);
        return result.ok && result.value.number === digits;
      }),
    );
  });

  it('ignores any visual separators put between the digits', () => {
    const separator = fc.constantFrom(' ', '-', '.', '(', ')', '/', '\u00a0', '\u2013');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.array(separator, { maxLength: 2 })), { minLength: MIN_DIGITS, maxLength: MAX_DIGITS }), (parts) => {
        const text = parts.map(([d, seps]) => `${d}${seps.join('')}`).join('');
        const expected = parts.map(([d]) => String(d)).join('');
        const result = normalisePhoneNumber(text);
        return result.ok && result.value.number === expected && result.value.extension === undefined;
      }),
    );
  });

  it('always yields only digits and an optional leading + when it accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const result = normalisePhoneNumber(text);
        if (!result.ok) return true;
        const digits = result.value.number.replace(/^\+/, '');
        return /^\d+$/.test(digits) && digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS;
      }),
    );
  });

  it('explains every problem in Spanish and English', () => {
    for (const [, problem] of invalid) {
      expect(said(problem, 'es')).not.toBe(said(problem, 'en'));
      expect(said(problem, 'es').length).toBeGreaterThan(10);
      expect(said(problem, 'en')).not.toMatch(/\{\w+\}/);
    }
  });
});
