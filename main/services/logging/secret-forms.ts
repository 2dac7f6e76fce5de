// The forms a secret may take in a log line, computed once when it becomes
// known (never per line): what common encoders make of it. Each form is an
// exact string; matching stays case-sensitive (issue 21), so the case variants
// encoders really produce (hex digits) are forms of their own.

/**
 * Characters of forms kept for one secret (a memory bound): all the forms of a password or token of
 * a few hundred characters fit; a longer one keeps its likelier forms.
 */
export const FORM_CHARS_PER_SECRET = 32 * 1024;

/**
 * The secret as it is, JSON-escaped, percent-encoded, in base64, in hex (its UTF-8 bytes, lower and
 * upper case: what a bundle or a dump of bytes shows), HTML-escaped and \u-escaped throughout, each also as it reads inside a JSON string (a logged body or record that embeds it
 * escapes it once more); likelier first, no repeats.
 */
export function formsOf(secret: string): readonly string[] {
  const primary = [secret, ...jsonForms(secret), ...percentForms(secret), ...base64Forms(secret), ...hexForms(secret), ...htmlForms(secret), ...unicodeEscapedForms(secret)];
  const forms = new Set<string>();
  let chars = 0;
  for (const form of [...primary, ...primary.map(jsonEscaped)]) {
    if (forms.has(form) || chars + form.length > FORM_CHARS_PER_SECRET) continue;
    forms.add(form);
    chars += form.length;
  }
  return [...forms];
}

const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

const utf8 = new TextEncoder();
const hex = (value: number, digits: number, upper: boolean): string => {
  const text = value.toString(16).padStart(digits, '0');
  return upper ? text.toUpperCase() : text;
};

// ---- Percent-encoding: which characters each encoder leaves alone, and how it writes a space ----
const KEPT_BY = {
  uriComponent: /[A-Za-z0-9\-_.!~*'()]/u, // encodeURIComponent
  uri: /[A-Za-z0-9\-_.!~*'();,/?:@&=+$#]/u, // encodeURI, a whole address
  form: /[A-Za-z0-9*\-_.]/u, // application/x-www-form-urlencoded (URLSearchParams, Java's URLEncoder)
  unreserved: /[A-Za-z0-9\-_.~]/u, // RFC 3986 (Python's quote, PHP's rawurlencode)
  php: /[A-Za-z0-9\-_.]/u, // PHP's urlencode
};

function percentEncode(secret: string, kept: RegExp, space: string, upper: boolean): string {
  let out = '';
  for (const character of secret) {
    if (character === ' ') out += space;
    else if (kept.test(character)) out += character;
    else for (const byte of utf8.encode(character)) out += `%${hex(byte, 2, upper)}`;
  }
  return out;
}

function percentForms(secret: string): string[] {
  const forms: string[] = [];
  for (const kept of Object.values(KEPT_BY)) {
    for (const space of ['%20', '+']) for (const upper of [true, false]) forms.push(percentEncode(secret, kept, space, upper));
  }
  return forms;
}

// ---- JSON string escapes ----
const escapeUnit = (unit: number, upper: boolean): string => `\\u${hex(unit, 4, upper)}`;
const escapeUnits = (text: string, upper: boolean): string => Array.from({ length: text.length }, (_, i) => escapeUnit(text.charCodeAt(i), upper)).join('');

function jsonForms(secret: string): string[] {
  const plain = jsonEscaped(secret);
  // ensure_ascii (Python, PHP, Jackson's ESCAPE_NON_ASCII): every unit outside printable ASCII as \uXXXX.
  const asciiOnly = (upper: boolean) => plain.replace(/[^\x20-\x7e]/gu, (c) => escapeUnits(c, upper));
  const forms = [plain, asciiOnly(false), asciiOnly(true)];
  // PHP's json_encode also writes `/` as `\/`.
  return [...forms, ...forms.map((form) => form.replaceAll('/', '\\/'))];
}

/** Every character as \u0041: what an obfuscating or fully escaping writer makes of it. */
const unicodeEscapedForms = (secret: string): string[] => [escapeUnits(secret, false), escapeUnits(secret, true)];

// ---- HTML character references ----
type HtmlEscaper = Partial<Record<string, string>>;
const NAMED: HtmlEscaper = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** The characters escapers replace: the five of HTML, and those some also escape in attributes. */
const FIVE = [...`&<>"'`];
const EIGHT = [...FIVE, ...'/`='];
const numeric = (characters: string[], write: (code: number) => string): HtmlEscaper =>
  Object.fromEntries(characters.map((c) => [c, `&#${write(c.charCodeAt(0))};`]));
const HTML_ESCAPERS: HtmlEscaper[] = [
  { ...NAMED, "'": '&#39;' }, // React, lodash
  { ...NAMED, "'": '&#x27;' }, // OWASP, Django before 3
  { ...NAMED, "'": '&apos;' }, // XML, HTML5
  { ...NAMED, "'": '&#039;' }, // PHP's htmlspecialchars
  { '&': '&amp;', '<': '&lt;', '>': '&gt;' }, // text nodes only
  { ...NAMED, "'": '&#x27;', '/': '&#x2F;', '`': '&#x60;', '=': '&#x3D;' }, // mustache, escape-html in attributes
  ...[FIVE, EIGHT].flatMap((characters) => [
    numeric(characters, (code) => String(code)),
    numeric(characters, (code) => `x${hex(code, 2, false)}`),
    numeric(characters, (code) => `x${hex(code, 2, true)}`),
  ]),
];

function htmlForms(secret: string): string[] {
  return HTML_ESCAPERS.map((escaper) => secret.replace(/[&<>"'/`=]/gu, (c) => escaper[c] ?? c));
}

// ---- hex ----
function hexForms(secret: string): string[] {
  const lower = Buffer.from(utf8.encode(secret)).toString('hex');
  return [lower, lower.toUpperCase()];
}

// ---- base64 ----
// Inside longer data the secret may start at any of the 3 byte offsets of a base64 group; at each,
// the characters made only of its bits are always the same, whatever comes before or after.
function base64Forms(secret: string): string[] {
  const bytes = utf8.encode(secret);
  const forms = [Buffer.from(bytes).toString('base64')];
  for (let offset = 0; offset < 3; offset += 1) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    forms.push(shifted.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6)));
  }
  return [...forms, ...forms.map((form) => form.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/u, ''))];
}
