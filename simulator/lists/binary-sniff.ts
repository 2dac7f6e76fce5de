// Signs that decoded list content is a file format rather than text.
const magics: [string, number[]][] = [
  ['a zip archive (xlsx, docx, zip)', [0x50, 0x4b, 0x03, 0x04]],
  ['an empty zip archive', [0x50, 0x4b, 0x05, 0x06]],
  ['a spanned zip archive', [0x50, 0x4b, 0x07, 0x08]],
  ['an old Office file (xls, doc)', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['a gzip file', [0x1f, 0x8b]],
  ['a PDF file', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['a 7-Zip archive', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['a RAR archive', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
  ['UTF-16 text (little endian)', [0xff, 0xfe]],
  ['UTF-16 text (big endian)', [0xfe, 0xff]],
];

export const sniffBytes = 8;

/** What the head of the content looks like when it is not text, else undefined. */
export function binaryFormatOf(head: Uint8Array): string | undefined {
  return magics.find(([, sig]) => sig.length <= head.length && sig.every((b, i) => head[i] === b))?.[0];
}
