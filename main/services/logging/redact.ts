// Redaction by construction: every log record passes through `redact()`
// before it is formatted or written. It returns a JSON-safe copy in which
//  - the value under any secret-looking key (password, secret, token,
//    md5secret, authorization, ha1, fileb64, …) is replaced whole, whatever
//    its type;
//  - free text loses `Authorization: …` lines, `Basic …`/`Bearer …`
//    credentials, `key=value` / `"key":"value"` pairs with secret keys,
//    user:password in URLs, HA1-like hex and token-shaped strings.
// Over-redacting is accepted; leaking is not.

export const REDACTED = '[redacted]';
const MAX_DEPTH = 8;
const MAX_ITEMS = 200;

/** Key fragments that mark a secret, compared on the key lowercased without separators. */
const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'pwd',
  'secret',
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
];
/** Keys that contain a secret word but hold only a choice, never a secret (still walked). */
const NOT_SECRET_KEYS = new Set(['tokenpolicy', 'tokenstorage', 'secretstorage', 'authorizationusername', 'authuser']);

export function isSecretKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[^a-z0-9]/gu, '');
  if (NOT_SECRET_KEYS.has(normal)) return false;
  return SECRET_KEY_PARTS.some((part) => normal.includes(part));
}

const SECRET_KEY_WORD = String.raw`[\w.-]*(?:password|passwd|pwd|secret|token|authorization|auth|ha1|fileb64|api[_-]?key|cookie|credential|private[_-]?key|signature)[\w.-]*`;

type Replacer = (match: string, ...groups: string[]) => string;

/** Keeps the match when the key it names is one of the known non-secrets (e.g. `tokenPolicy`). */
const unlessHarmless =
  (keyGroup: number, replace: Replacer): Replacer =>
  (match, ...groups) =>
    isSecretKey(groups[keyGroup] ?? '') ? replace(match, ...groups) : match;

/** Free-text patterns, applied in order. Each keeps enough context to read the line. */
const TEXT_RULES: [RegExp, string | Replacer][] = [
  // Whole header lines: `Authorization: Basic abc`, `Proxy-Authorization: …`, `Cookie: …`.
  [/\b((?:proxy-)?authorization|cookie|set-cookie|x-sim-secret)(\s*:\s*)[^\r\n]*/giu, `$1$2${REDACTED}`],
  // Credentials after an auth scheme anywhere in text.
  [/\b(basic|bearer|digest)(\s+)[^\s"',;]+/giu, `$1$2${REDACTED}`],
  // JSON-ish `"password": "x"` or `'token':'x'` (the value may hold spaces).
  [
    new RegExp(String.raw`(["'])(${SECRET_KEY_WORD})\1(\s*:\s*)(["'])(?:\\.|(?!\4).)*\4`, 'giu'),
    unlessHarmless(1, (_m, quote = '', key = '', colon = '', valueQuote = '') => `${quote}${key}${quote}${colon}${valueQuote}${REDACTED}${valueQuote}`),
  ],
  // `password=x`, `token: x`, `md5secret = x` in forms, query strings and prose.
  [
    new RegExp(String.raw`\b(${SECRET_KEY_WORD})(\s*[=:]\s*)(?!\[redacted\])[^\s&"',;)}\]]+`, 'giu'),
    unlessHarmless(0, (_m, key = '', separator = '') => `${key}${separator}${REDACTED}`),
  ],
  // user:password@ in URLs (a password may hold '/', even if a URL should not).
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s@]+@/giu, `$1${REDACTED}@`],
  // HA1 / md5secret and other long hex digests.
  [/\b[0-9a-f]{32,}\b/giu, REDACTED],
];

/** Long runs of token characters: a base64 token, an API key, a JWT. */
const TOKEN_RUN = /[A-Za-z0-9+/_=.-]{20,}/gu;
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
  return piece.length >= 32 && /[A-Za-z]/u.test(piece) && /[0-9]/u.test(piece);
}

/** Scrubs secrets out of free text. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
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
