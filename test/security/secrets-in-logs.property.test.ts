// Issue 13: for random secrets placed in random log records and sentences, no
// secret main holds appears in the log or in "Copy diagnostics". The secrets
// here look like words ("summer bonus 2026"), so only the exact-secret removal
// can catch them: the patterns alone would not.
// Issue 21, point 9: nor can it be read back by undoing an encoding a log line
// may carry it in (base64, HTML entities, JSON \u escapes, form encoding).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { buildDiagnostics, createRecentErrors } from '../../main/services/diagnostics';
import { createLogger, forgetSecret, rememberSecret, type LogSink } from '../../main/services/logging';
import { secretReadableIn } from './support/secret-oracle';

const word = fc.stringMatching(/^[a-záéíóúñ]{1,10}$/u);
const secret = fc.array(fc.oneof(word, fc.stringMatching(/^[A-Za-z0-9!#%&*+=?@^_~-]{1,12}$/u)), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')).filter((s) => s.length >= 6);
const key = fc.constantFrom('note', 'detail', 'reason', 'text', 'campo', 'motivo', 'cause', 'value');
const placement = fc.constantFrom<(s: string) => string>(
  (s) => s,
  (s) => `Sign-in failed for ana: ${s}`,
  (s) => `the agent typed ${s} into the wrong field`,
  (s) => `https://pbx.example.com/x?q=${encodeURIComponent(s)}`,
  (s) => JSON.stringify({ inner: s }),
  (s) => `${s}${s}`,
);

/** Every line the logger wrote and the diagnostics built from them, as one text. */
function logAndDiagnostics(write: (logger: ReturnType<typeof createLogger>) => void, value: string): string {
  const lines: string[] = [];
  const sink: LogSink = { write: (line) => void lines.push(line) };
  const recent = createRecentErrors();
  write(createLogger({ sinks: [sink, recent] }));
  const diagnostics = buildDiagnostics({
    app: { name: 'Agent Softphone', version: '0.1.0', packaged: false }, runtime: {}, os: { platform: 'linux', release: '6', arch: 'x64' },
    startedByAutostart: false, session: { state: 'signed-in', agent: 'ana', instanceUrl: `https://h/${value}` }, registration: 'registered',
    connectivity: 'online', policy: { source: null, problem: null, locked: [] }, settings: { note: value }, logFolder: null,
    recentErrors: recent.lines(), generatedAt: new Date(0),
  });
  return [...lines, diagnostics].join('\n');
}

describe('no secret main holds reaches a log line or the diagnostics', () => {
  it('whatever record, key or sentence it comes in', () => {
    fc.assert(
      fc.property(secret, placement, placement, key, fc.constantFrom('error', 'warn', 'info'), (value, inMessage, inField, fieldKey, level) => {
        rememberSecret(value);
        try {
          const everything = logAndDiagnostics((logger) => {
            logger[level](inMessage(value), { [fieldKey]: inField(value), list: [value, { deeper: value }] });
            logger.error(new Error(inMessage(value)).message, { error: new Error(inField(value)) });
          }, value);
          return !secretReadableIn(everything, value);
        } finally {
          forgetSecret(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---- Encoded forms (issue 21, point 9) ----

/** Secrets with the characters encoders change: HTML specials, quotes, slashes, spaces, accents, an emoji. */
const specials = fc.stringMatching(/^[A-Za-z0-9&<>"'/=+~*!() %#ñé€😀-]{1,12}$/u);
const encodedSecret = fc.array(fc.oneof(word, specials), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')).filter((s) => s.length >= 6);

const hex4 = (unit: number, upper: boolean): string => {
  const hex = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};
const units = (s: string): number[] => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
const html = (replacements: Record<string, string>) => (s: string) => s.replace(/[&<>"']/gu, (c) => replacements[c] ?? c);
const NAMED = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** What common encoders make of a value (each named after where it is met). */
const ENCODINGS: Record<string, (s: string) => string> = {
  'base64': (s) => Buffer.from(s).toString('base64'),
  'base64 after one byte': (s) => Buffer.from(`x${s}`).toString('base64'),
  'base64 of user:password': (s) => Buffer.from(`ana.garcia:${s}`).toString('base64'),
  'base64url of a JSON body': (s) => Buffer.from(JSON.stringify({ user: 'ana', pass: s })).toString('base64url'),
  'HTML, apostrophe as &#39;': html({ ...NAMED, "'": '&#39;' }),
  'HTML, apostrophe as &#x27;': html({ ...NAMED, "'": '&#x27;' }),
  'HTML, apostrophe as &apos;': html({ ...NAMED, "'": '&apos;' }),
  'HTML, apostrophe as &#039; (PHP)': html({ ...NAMED, "'": '&#039;' }),
  'HTML text node (& < > only)': html({ '&': '&amp;', '<': '&lt;', '>': '&gt;' }),
  'HTML, numeric references': html({ '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' }),
  'JSON, every character \\u-escaped': (s) => units(s).map((u) => hex4(u, false)).join(''),
  'JSON, every character \\u-escaped, upper-case hex': (s) => units(s).map((u) => hex4(u, true)).join(''),
  'JSON, non-ASCII \\u-escaped (ensure_ascii)': (s) => JSON.stringify(s).slice(1, -1).replace(/[^\x20-\x7e]/gu, (c) => units(c).map((u) => hex4(u, false)).join('')),
  'form-urlencoded (URLSearchParams)': (s) => new URLSearchParams({ q: s }).toString().slice(2),
  'form-urlencoded (encodeURIComponent, + for spaces)': (s) => encodeURIComponent(s).replace(/%20/gu, '+'),
};
const encodedPlacement = fc.constantFrom<(e: string) => string>(
  (e) => e,
  (e) => `payload ${e} end`,
  (e) => `https://pbx.example.com/x?q=${e}&y=1`,
  (e) => `<input value="${e}">`,
  (e) => JSON.stringify({ data: e }),
);

describe('no secret main holds can be read back from an encoded form', () => {
  it('in base64, HTML, JSON \\u escapes or form encoding, in a message or a field', () => {
    fc.assert(
      fc.property(encodedSecret, fc.constantFrom(...Object.keys(ENCODINGS)), encodedPlacement, key, (value, encoding, place, fieldKey) => {
        const encoded = place(ENCODINGS[encoding]!(value));
        rememberSecret(value);
        try {
          const everything = logAndDiagnostics((logger) => logger.warn(encoded, { [fieldKey]: encoded, list: [encoded] }), value);
          return !secretReadableIn(everything, value);
        } finally {
          forgetSecret(value);
        }
      }),
      { numRuns: 400 },
    );
  });
});
