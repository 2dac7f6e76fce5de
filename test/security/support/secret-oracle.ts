// What a reader of a log could do to find a secret in it: read it as it is, or
// undo an encoding first (percent, form, HTML entities, JSON \u escapes,
// base64 at any alignment, hex). Written from the encodings' definitions, not from
// the redactor's list of forms, so it judges the redactor instead of agreeing
// with it.

const tryDecode = (run: string): string => {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
};

/** Percent-escapes decoded (runs of them, so multi-byte UTF-8 decodes whole), `+` read as a space. */
const unpercent = (text: string): string => text.replace(/\+/gu, ' ').replace(/(?:%[0-9a-f]{2})+/giu, tryDecode);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** HTML character references: named ones above, decimal and hexadecimal, with or without leading zeros. */
const unescapeHtml = (text: string): string =>
  text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/giu, (ref, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? ref;
    const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });

const SHORT_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
/** JSON string escapes, `\u0041` included (a surrogate pair decodes to its character as the units join). */
const unescapeJson = (text: string): string =>
  text.replace(/\\(?:u([0-9a-f]{4})|([nrtbf"\\/]))/giu, (escape, hex?: string, short?: string) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (SHORT_ESCAPES[short ?? ''] ?? escape),
  );

/** Every run of base64 characters (standard or URL-safe) decoded from each of the 4 character offsets. */
function base64Readings(text: string): string[] {
  const readings: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{4,}/gu)) {
    for (let offset = 0; offset < 4; offset += 1) readings.push(Buffer.from(run.slice(offset), 'base64').toString('utf8'));
  }
  return readings;
}

/** Every run of hex digits decoded as bytes from both character offsets (a dump of bytes, `xxd -p`). */
function hexReadings(text: string): string[] {
  const readings: string[] = [];
  for (const [run] of text.matchAll(/[0-9a-f]{8,}/giu)) {
    for (let offset = 0; offset < 2; offset += 1) readings.push(Buffer.from(run.slice(offset, offset + 2 * Math.floor((run.length - offset) / 2)), 'hex').toString('utf8'));
  }
  return readings;
}

/** The readings of `text` a person could make with common tools, each decoding applied on its own. */
export function readingsOf(text: string): string[] {
  return [text, unpercent(text), unescapeHtml(text), unescapeJson(text), ...base64Readings(text), ...hexReadings(text)];
}

/**
 * True when `secret` can be read out of `text` in any of those readings, also after undoing one
 * layer of JSON escaping first (a log line is JSON: an escaped form in a field arrives escaped twice).
 */
export function secretReadableIn(text: string, secret: string): boolean {
  return [text, unescapeJson(text)].some((layer) => readingsOf(layer).some((reading) => reading.includes(secret)));
}
