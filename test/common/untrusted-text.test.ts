// Invisible format characters out of the caller's text; what scripts and emoji need kept.
import { describe, expect, it } from 'vitest';
import { asOneLine, withoutFormatControls } from '../../common/untrusted-text';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('withoutFormatControls', () => {
  it.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('removes the bidi control %s', (_name, control) => {
    expect(withoutFormatControls(`${control}12${control}34${control}`)).toBe('1234');
  });

  it.each([
    ['zero-width space', '12\u200B34'],
    ['word joiner', '12\u206034'],
    ['byte order mark', '\uFEFF1234'],
    ['soft hyphen', '12\u00AD34'],
    ['national digit shapes', '\u206E1234'],
    ['a tag character', '1234\u{E0041}'],
  ])('removes other invisible format characters: %s', (_name, text) => {
    expect(withoutFormatControls(text)).toBe('1234');
  });

  it.each([
    ['Persian with ZWNJ', 'می\u200Cخواهم'],
    ['an emoji family (ZWJ)', '👨\u200D👩\u200D👧'],
    ['Hebrew and Arabic letters', 'שלום سلام'],
    ['accents and ñ', 'Ñandú Pérez'],
  ])('keeps %s', (_name, text) => {
    expect(withoutFormatControls(text)).toBe(text);
  });
});

describe('asOneLine', () => {
  it('turns line breaks, separators and control characters into one space, and trims', () => {
    expect(asOneLine('\u202E Ana\r\nCampaign: fake\u2028x\u0007y ')).toBe('Ana Campaign: fake x y');
  });
});
