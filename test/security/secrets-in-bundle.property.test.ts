// Issue 26: no secret main holds appears in the diagnostics bundle, in any
// part of it and in any encoding a part may carry it in — the agent's
// password, the API token, HA1 (md5 of user:realm:password), a TURN
// credential, the browser host's per-launch secret; plain, base64,
// URL-encoded, hex — judged by the same reader as the log test
// (secrets-in-logs.property.test.ts): a person undoing one encoding.
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBundle, type BundleInput } from '../../main/services/diagnostics';
import { forgetSecret, holdSecrets } from '../../main/services/logging';
import { secretReadableIn } from './support/secret-oracle';

afterEach(() => {
  holdSecrets('session', []);
  holdSecrets('browser-host', []);
});

const word = fc.stringMatching(/^[a-záéíóúñ]{1,10}$/u);
const password = fc.array(fc.oneof(word, fc.stringMatching(/^[A-Za-z0-9!#%&*+=?@^_~-]{1,12}$/u)), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')).filter((s) => s.length >= 6);
const token = fc.stringMatching(/^[A-Za-z0-9]{16,40}$/u);
const turnCredential = fc.stringMatching(/^[a-z0-9]{6,20}$/u);

const ENCODINGS: Record<string, (s: string) => string> = {
  plain: (s) => s,
  base64: (s) => Buffer.from(s).toString('base64'),
  'base64 of user:password': (s) => Buffer.from(`ana.garcia:${s}`).toString('base64'),
  'URL-encoded': (s) => encodeURIComponent(s),
  'form-encoded': (s) => new URLSearchParams({ q: s }).toString().slice(2),
  hex: (s) => Buffer.from(s).toString('hex'),
  'hex, upper case': (s) => Buffer.from(s).toString('hex').toUpperCase(),
};

/** Where in the bundle's inputs the encoded secret is put: each a part main or the page fills. */
const PLACES: Record<string, (encoded: string, base: BundleInput) => BundleInput> = {
  'a setting': (e, b) => ({ ...b, settings: { ...(b.settings as object), note: e } }),
  'a secret-named setting': (e, b) => ({ ...b, settings: { ...(b.settings as object), turnCredential: e } }),
  'the policy problem': (e, b) => ({ ...b, policy: { source: '/etc/p.json', problem: `bad value ${e}`, locked: [] } }),
  'a SIP message': (e, b) => ({ ...b, sipTrace: [{ at: '2026-11-26T10:00:00.000Z', direction: 'sent', text: `REGISTER sip:h SIP/2.0\r\nX-Note: ${e}\r\n\r\n`, cut: 0 }] }),
  'a SIP Authorization header': (e, b) => ({ ...b, sipTrace: [{ at: '2026-11-26T10:00:00.000Z', direction: 'sent', text: `REGISTER sip:h SIP/2.0\r\nAuthorization: Digest username="1001", response="${e}"\r\n\r\n`, cut: 0 }] }),
  'a log line': (e, b) => ({ ...b, logLines: [`2026-11-26T10:00:00.000Z [warn] (main) payload ${e} end`] }),
  'an event': (e, b) => ({ ...b, events: [{ at: '2026-11-26T10:00:00.000Z', kind: 'outbox', text: `last error: ${e}` }] }),
  'the last check': (e, b) => ({ ...b, lastCheck: { steps: [{ id: 'api', detail: `https://pbx.example.com/x?q=${e}` }] } }),
  'the instance address': (e, b) => ({ ...b, session: { state: 'signed-in', instanceUrl: `https://h/${e}` } }),
  'the page': (e, b) => ({ ...b, page: { userAgent: `Mozilla ${e}`, language: 'es' } }),
  'a key name': (e, b) => ({ ...b, settings: { [e]: 1 } }),
};

const base = (): BundleInput => ({
  generatedAt: new Date(0), app: { name: 'Agent Softphone', version: '0.1.0', packaged: false }, runtime: { node: '22' },
  os: { platform: 'linux', release: '6', arch: 'x64' }, page: { userAgent: 'Chromium', language: 'es' },
  session: { state: 'signed-in', agent: 'ana.garcia' }, phone: { registration: 'registered', call: null }, connectivity: 'online',
  policy: { source: null, problem: null, locked: [] }, settings: { language: 'es' }, lastCheck: null,
  qualityTimelines: [], sipTrace: [], events: [], logFolder: null, logLines: [],
});

describe('no secret main holds can be read out of the diagnostics bundle', () => {
  it('whichever secret, encoding and part of the bundle it comes in', () => {
    fc.assert(
      fc.property(
        password, token, turnCredential, fc.constantFrom('password', 'token', 'ha1', 'turn', 'host'), fc.constantFrom(...Object.keys(ENCODINGS)), fc.constantFrom(...Object.keys(PLACES)),
        (agentPassword, apiToken, turn, which, encoding, place) => {
          const ha1 = createHash('md5').update(`ana.garcia:asterisk:${agentPassword}`).digest('hex');
          const hostSecret = randomBytes(24).toString('hex');
          // Held as main holds them: the session's secrets, and the browser host's own.
          holdSecrets('session', [agentPassword, apiToken, ha1, turn]);
          holdSecrets('browser-host', [hostSecret]);
          const secret = { password: agentPassword, token: apiToken, ha1, turn, host: hostSecret }[which];
          const { json } = buildBundle(PLACES[place]!(ENCODINGS[encoding]!(secret), base()));
          return !secretReadableIn(json, secret);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('can fail: a secret main does not hold is read out of the bundle by the same reader', () => {
    const stranger = 'summer bonus 2026';
    forgetSecret(stranger);
    const { json } = buildBundle(PLACES['a setting']!(stranger, base()));
    expect(secretReadableIn(json, stranger)).toBe(true);
  });
});
