// Redaction by construction: every log record passes through `redact()`
// before it is formatted or written. It returns a JSON-safe copy in which
//  - the value under any secret-looking key (password, secret, token,
//    md5secret, authorization, ha1, fileb64, …) is replaced whole, whatever
//    its type;
//  - free text loses the exact secrets main holds (known-secrets.ts), `Authorization: …`
//    lines, `Basic …`/`Bearer …` credentials, `key=value` / `"key":"value"` pairs with
//    secret keys (Spanish ones too), a password named in a sentence, user:password in
//    URLs and sip:/sips: URIs, HA1-like hex and token-shaped strings.
// Strings are cut to MAX_TEXT_CHARS first (never leaving the start of a known secret at the cut)
// and every rule is linear in its input, so a huge or hostile field cannot stall main (issue 13).
// Over-redacting is accepted; leaking is not.
import { knownSecretTailLength, removeKnownSecrets } from './known-secrets';

export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
const MAX_ITEMS = 200;
/** Characters of one string kept before redaction: a log line is for reading, and the cost stays bounded. */
export const MAX_TEXT_CHARS = 16_384;

/** Key fragments that mark a secret, compared on the key lowercased, accents and separators removed. */
const SECRET_KEY_PARTS = [
  'pass', // password, passwd, passphrase, pass
  'pwd',
  'secret', // also secreto
  'token',
  'authorization',
  'auth',
  'ha1',
  'fileb64',
  'apikey',
  'cookie',
  'credential',
  'privatekey',
  'signature',
  'clave', // Spanish: clave, claveacceso
  'contrasena', // Spanish: contraseña
];
/** Keys that contain a secret word but hold only a choice, never a secret (still walked). */
const NOT_SECRET_KEYS = new Set(['tokenpolicy', 'tokenstorage', 'secretstorage', 'authorizationusername', 'authuser']);

const normalKey = (key: string): string =>
  key.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/gu, '');

export function isSecretKey(key: string): boolean {
  const normal = normalKey(key.slice(0, 256));
  if (NOT_SECRET_KEYS.has(normal)) return false;
  return SECRET_KEY_PARTS.some((part) => normal.includes(part));
}

// Every pattern below is linear in its input: a run of key characters is taken whole through a
// capturing look-ahead (`(?=(x+))\1`, which cannot backtrack) and only where no key character
// precedes it, and values have a length cap. A 1 MB field costs about 100 times a 10 KB one.
const KEY_CHAR = String.raw`[\p{L}\p{N}_.\-]`;
/** A whole run of key characters as capture group number `group`. */
const wholeKey = (group: number): string => `(?<!${KEY_CHAR})(?=(${KEY_CHAR}{1,256}))\\${group}(?!${KEY_CHAR})`;

/** Free-text patterns, applied in order. Each keeps enough context to read the line. */
const TEXT_RULES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // Whole header lines: `Authorization: Basic abc`, `Proxy-Authorization: …`, `Cookie: …`.
  [/\b((?:proxy-)?authorization|cookie|set-cookie|x-sim-secret)(\s*:\s*)[^\r\n]*/giu, `$1$2${REDACTED}`],
  // Credentials after an auth scheme anywhere in text.
  [/\b(basic|bearer|digest)([ \t]{1,16})[^\s"',;]{1,4096}/giu, `$1$2${REDACTED}`],
  // JSON-ish `"password": "x"` or `'token':'x'` (the value may hold spaces and escaped quotes).
  [
    new RegExp(String.raw`(["'])${wholeKey(2)}\1([ \t]{0,16}:[ \t]{0,16})(["'])((?:\\.|(?!\4)[^\\]){0,4096})\4`, 'gu'),
    (match, quote = '', key = '', colon = '', valueQuote = '') =>
      isSecretKey(key) ? `${quote}${key}${quote}${colon}${valueQuote}${REDACTED}${valueQuote}` : match,
  ],
  // user:password@ in URLs, and in sip:/sips: URIs, which have no `//` (a password may hold '/', even if a URL should not).
  [/\b([a-z][a-z0-9+.-]{0,31}:\/\/|sips?:)[^\s/@:]{1,256}:[^\s@]{1,256}@/giu, `$1${REDACTED}@`],
  // HA1 / md5secret and other long hex digests.
  [/(?<![0-9a-f])(?=([0-9a-f]{32,}))\1(?![0-9a-z])/giu, REDACTED],
];

/** `password=x`, `token: x`, `md5secret = x` in forms, query strings and prose. */
const KEY_AND_SEPARATOR = new RegExp(String.raw`${wholeKey(1)}[ \t]{0,16}[=:][ \t]{0,16}`, 'gu');
const VALUE_END = /[\s&"',;)}\]]/u;
const MAX_VALUE_CHARS = 4096;

function redactKeyValues(text: string): string {
  let out = '';
  let kept = 0;
  for (const match of text.matchAll(KEY_AND_SEPARATOR)) {
    const valueStart = match.index + match[0].length;
    if (match.index < kept || !isSecretKey(match[1] ?? '') || text.startsWith(REDACTED, valueStart)) continue;
    let valueEnd = valueStart;
    while (valueEnd < text.length && valueEnd - valueStart < MAX_VALUE_CHARS && !VALUE_END.test(text[valueEnd] ?? '')) valueEnd += 1;
    if (valueEnd === valueStart) continue;
    out += `${text.slice(kept, valueStart)}${REDACTED}`;
    kept = valueEnd;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/**
 * A password named in a sentence: "with password hunter2", "la contraseña es hunter2". Words that
 * follow "password" in our own messages are kept so that those stay readable.
 */
const PASSWORD_IN_SENTENCE = new RegExp(
  String.raw`(?<!${KEY_CHAR})(password|passwd|passphrase|pwd|contraseña|contrasena|clave)((?:[ \t]{1,4}(?:is|was|es|era|fue))?[ \t]{1,4}["'“‘]?)(?!\[redacted\])([^\s"'”’,;)]{1,4096})`,
  'giu',
);
const KEPT_AFTER_PASSWORD = new Set([
  'is', 'was', 'for', 'of', 'and', 'or', 'the', 'to', 'not', 'no', 'must', 'field', 'required', 'empty', 'wrong', 'incorrect',
  'expired', 'typed', 'kept', 'remembered', 'saved', 'changed', 'missing', 'needed', 'es', 'de', 'del', 'y', 'o', 'para', 'no',
  'vacía', 'vacia', 'incorrecta', 'requerida', 'obligatoria', 'guardada', 'recordada', 'escrita', 'caducada',
]);

/** Long runs of token characters: a base64 token, an API key, a JWT. */
const TOKEN_RUN = /(?<![A-Za-z0-9+/_=.-])(?=([A-Za-z0-9+/_=.-]{20,}))\1/gu;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/**
 * Token-shaped: 24+ characters that switch often between lower, upper, digit
 * and symbol (random text does; words and paths do not), or 32+ mixing letters
 * and digits. Call GUIDs are kept (support needs them). A run with dots (file
 * names, host names) is judged piece by piece, so `/home/ana/.config/...`
 * survives while a token inside it does not.
 */
function looksLikeToken(rawRun: string): boolean {
  const run = rawRun.replace(/\.+$/u, '');
  const pieces = run.includes('.') ? run.split(/[/.]/u) : [run];
  return pieces.some((piece) => !UUID.test(piece) && tokenShaped(piece));
}

const kindOf = (c: string): number => (/[a-z]/u.test(c) ? 0 : /[A-Z]/u.test(c) ? 1 : /[0-9]/u.test(c) ? 2 : 3);

function tokenShaped(piece: string): boolean {
  if (piece.length < 24) return false;
  let switches = 0;
  for (let i = 1; i < piece.length; i += 1) if (kindOf(piece[i] ?? '') !== kindOf(piece[i - 1] ?? '')) switches += 1;
  if (switches / (piece.length - 1) >= 0.3) return true;
  if (piece.length >= 32 && /[A-Za-z]/u.test(piece) && /[0-9]/u.test(piece)) return true;
  return mixedCaseAndVaried(piece);
}

/**
 * About one random base64 token in a million switches kind too seldom and holds no digit
 * (`HIEHVYirAczwwwlHCEQTPdBGoefyPagy`). Such a token still uses nearly as many different
 * characters as random text of its length does, which words and identifiers do not.
 */
function mixedCaseAndVaried(piece: string): boolean {
  if (!/[a-z]/u.test(piece) || !/[A-Z]/u.test(piece)) return false;
  const expectedDistinctInRandomBase64 = 64 * (1 - (63 / 64) ** piece.length);
  return new Set(piece).size >= 0.8 * expectedDistinctInRandomBase64;
}

/**
 * At most MAX_TEXT_CHARS characters of a string, saying how many were left out. A known secret cut
 * there would keep its first characters: the end of the kept part that begins one of its forms goes too.
 */
export function boundText(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  const cut = text.slice(0, MAX_TEXT_CHARS);
  const kept = cut.slice(0, cut.length - knownSecretTailLength(cut));
  return `${kept}…[${text.length - kept.length} more characters]`;
}

/** Scrubs secrets out of free text, bounded first (see boundText). */
export function redactText(text: string): string {
  return scrubText(boundText(text));
}

/** The rules of redactText without the bound; linear in the length of `text`. */
export function scrubText(text: string): string {
  let out = removeKnownSecrets(text, REDACTED);
  for (const [pattern, replacement] of TEXT_RULES) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  out = redactKeyValues(out);
  out = out.replace(PASSWORD_IN_SENTENCE, (match, word = '', gap = '', value = '') =>
    KEPT_AFTER_PASSWORD.has(value.toLowerCase()) ? match : `${word}${gap}${REDACTED}`,
  );
  // A sentence's full stop after a token is kept.
  return out.replace(TOKEN_RUN, (run) => (looksLikeToken(run) ? `${REDACTED}${/\.*$/u.exec(run)?.[0] ?? ''}` : run));
}

export type Redacted = string | number | boolean | null | Redacted[] | { [key: string]: Redacted };

/** A JSON-safe copy of any value with every secret removed. Never throws. */
export function redact(value: unknown): Redacted {
  return walk(value, 0, new WeakSet());
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): Redacted {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return redactText(value.toString());
  if (typeof value === 'symbol' || typeof value === 'function') return `[${typeof value}]`;
  if (typeof value !== 'object') return null;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof URL) return redactText(value.href);
    if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
    if (value instanceof Error) return walkError(value, depth, seen);
    if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => walk(item, depth + 1, seen));
    if (value instanceof Map) return walkEntries([...value.entries()].map(([k, v]) => [String(k), v]), depth, seen);
    if (value instanceof Set) return [...value].slice(0, MAX_ITEMS).map((item) => walk(item, depth + 1, seen));
    return walkEntries(Object.entries(value), depth, seen);
  } catch {
    return '[unreadable]';
  }
}

function walkEntries(entries: [string, unknown][], depth: number, seen: WeakSet<object>): { [key: string]: Redacted } {
  const out: { [key: string]: Redacted } = {};
  for (const [key, item] of entries.slice(0, MAX_ITEMS)) {
    // A secret-shaped key name is itself scrubbed; its value is dropped whole.
    out[redactText(key)] = isSecretKey(key) && item !== undefined && item !== null && item !== '' ? REDACTED : walk(item, depth + 1, seen);
  }
  return out;
}

function walkError(error: Error, depth: number, seen: WeakSet<object>): { [key: string]: Redacted } {
  const out: { [key: string]: Redacted } = { name: redactText(error.name), message: redactText(error.message) };
  if (error.stack) out['stack'] = redactText(error.stack);
  const extra = walkEntries(Object.entries(error), depth, seen);
  if (error.cause !== undefined) out['cause'] = walk(error.cause, depth + 1, seen);
  return { ...extra, ...out };
}
