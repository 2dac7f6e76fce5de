// The forms computed for a secret when it becomes known.
import { describe, expect, it } from 'vitest';
import { FORM_CHARS_PER_SECRET, formsOf } from '../../../main/services/logging/secret-forms';

const EVERY_UNIT = '\\u0069\\u0074\\u0027\\u0073\\u0020\\u0061\\u0020\\u003c\\u0062\\u003e\\u0026\\u00f1';

describe('formsOf', () => {
  const forms = formsOf("it's a <b>&ñ");

  it.each([
    ["it's a <b>&ñ", 'as it is'],
    ["it's+a+%3Cb%3E%26%C3%B1", 'form-urlencoded, + for spaces'],
    ["it%27s+a+%3cb%3e%26%c3%b1", 'form-urlencoded, lower-case hex'],
    ["it's%20a%20%3Cb%3E%26%C3%B1", 'encodeURIComponent'],
    ["it&#39;s a &lt;b&gt;&amp;ñ", 'HTML, &#39;'],
    ["it&#x27;s a &lt;b&gt;&amp;ñ", 'HTML, &#x27;'],
    ["it&apos;s a &lt;b&gt;&amp;ñ", 'HTML, &apos;'],
    ["it&#039;s a &lt;b&gt;&amp;ñ", 'HTML, &#039;'],
    ["it's a <b>&\\u00f1", 'JSON, ensure_ascii'],
    [EVERY_UNIT, 'JSON, every character escaped'],
    [JSON.stringify(EVERY_UNIT).slice(1, -1), 'that form as it reads inside a JSON string'],
    [Buffer.from("it's a <b>&ñ").toString('base64'), 'base64'],
  ])('include %j (%s)', (form) => {
    expect(forms).toContain(form);
  });

  it('include the base64 characters made only of the secret, at each of the 3 byte offsets', () => {
    for (const before of ['', 'x', 'xy']) {
      const encoded = Buffer.from(`${before}summer bonus`).toString('base64');
      expect(formsOf('summer bonus').some((form) => form.length >= 14 && encoded.includes(form))).toBe(true);
    }
  });

  it('keep at most FORM_CHARS_PER_SECRET characters, the secret as it is first', () => {
    const long = formsOf('é'.repeat(4096));
    expect(long[0]).toBe('é'.repeat(4096));
    expect(long.reduce((sum, form) => sum + form.length, 0)).toBeLessThanOrEqual(FORM_CHARS_PER_SECRET);
  });
});
