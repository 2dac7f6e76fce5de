import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgetSecret, isSecretKey, MAX_TEXT_CHARS, REDACTED, redact, redactText, rememberSecret } from '../../../main/services/logging';

describe('redact: structured records', () => {
  it('replaces the value of every secret-looking key, whatever its type, at any depth', () => {
    const record = {
      agent: 'ana.garcia',
      password: 'hunter2',
      nested: { md5secret: 'abc', list: [{ token: { value: 'tok' } }, { Authorization: 'Basic x' }] },
      authorizationHa1: 42,
      fileb64: ['a', 'b'],
      api_key: 'k',
      tokenStorage: 'memory-only',
      authorizationUsername: '1001',
      empty: { password: '' },
    };
    expect(redact(record)).toEqual({
      agent: 'ana.garcia',
      password: REDACTED,
      nested: { md5secret: REDACTED, list: [{ token: REDACTED }, { Authorization: REDACTED }] },
      authorizationHa1: REDACTED,
      fileb64: REDACTED,
      api_key: REDACTED,
      tokenStorage: 'memory-only',
      authorizationUsername: '1001',
      empty: { password: '' },
    });
  });

  it('keeps what support needs: names, extensions, GUIDs, URLs, paths, campaigns', () => {
    const record = {
      message: 'Agent ana.garcia (1001) registered at wss://pbx.example.com:8089/ws',
      guid: '824da669-2239-46f2-98c7-1a8cafa34701',
      url: 'https://acme.ucontactcloud.com/Integra/resources/Agents/AgentAuthentication',
      log: '/home/ana/.config/Agent Softphone/logs/main.1.log',
      campaign: 'SalienteTest->',
      error: 'ERR_CERT_AUTHORITY_INVALID',
      count: 3,
      ok: true,
    };
    expect(redact(record)).toEqual(record);
  });

  it('turns Errors, Maps, Sets, Dates, URLs, bytes and cycles into safe JSON', () => {
    const error = new Error('login failed: Authorization: Basic c2VjcmV0');
    Object.assign(error, { code: 'E_AUTH', password: 'p' });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    const out = redact({
      error,
      map: new Map([['secret', 's']]),
      set: new Set(['a']),
      when: new Date('2026-01-02T03:04:05.000Z'),
      url: new URL('https://user:pw@host/path?token=abc'),
      bytes: new Uint8Array([1, 2, 3]),
      cyclic,
      fn: () => 1,
      big: 10n,
      nan: Number.NaN,
      nothing: undefined,
    });
    expect(out).toMatchObject({
      error: { name: 'Error', message: 'login failed: Authorization: [redacted]', code: 'E_AUTH', password: REDACTED },
      map: { secret: REDACTED },
      set: ['a'],
      when: '2026-01-02T03:04:05.000Z',
      url: 'https://[redacted]@host/path?token=[redacted]',
      bytes: '[3 bytes]',
      cyclic: { name: 'loop', self: '[circular]' },
      fn: '[function]',
      big: '10',
      nan: 'NaN',
      nothing: null,
    });
    expect(JSON.stringify(out)).not.toContain('c2VjcmV0');
  });
});

describe('redactText: free text', () => {
  it.each([
    ['Authorization: Basic dXNlcjpwYXNz', 'Authorization: [redacted]'],
    ['authorization:Basic abc\nnext line', 'authorization:[redacted]\nnext line'],
    ['Proxy-Authorization: Digest x=1', 'Proxy-Authorization: [redacted]'],
    ['Cookie: sid=abc; other=1', 'Cookie: [redacted]'],
    ['X-Sim-Secret: 0a1b', 'X-Sim-Secret: [redacted]'],
    ['sent Basic dXNlcjpwYXNz to server', 'sent Basic [redacted] to server'],
    ['Bearer eyJhbGciOi.eyJzdWIi.sig', 'Bearer [redacted]'],
    ['password=hunter2&agent=ana', 'password=[redacted]&agent=ana'],
    ['agent=ana&password=hunter2', 'agent=ana&password=[redacted]'],
    ['?token=abc&x=1', '?token=[redacted]&x=1'],
    ['md5secret: 1234', 'md5secret: [redacted]'],
    ['fileb64=QUJDREVG', 'fileb64=[redacted]'],
    ['{"password":"two words","agent":"ana"}', '{"password":"[redacted]","agent":"ana"}'],
    ["{'token': 'x\\'y'}", "{'token': '[redacted]'}"],
    ['https://bob:pw@host/x', 'https://[redacted]@host/x'],
    ['https://bob:p/w@host/x', 'https://[redacted]@host/x'],
    ['To: <sip:1001:pw@pbx.example.com;transport=ws>', 'To: <sip:[redacted]@pbx.example.com;transport=ws>'],
    ['ha1 5f4dcc3b5aa765d61d8327deb882cf99 end', 'ha1 [redacted] end'],
    ['got q1w2E3r4T5y6U7i8O9p0AaSsDdFfGgHh.', 'got [redacted].'],
    ['jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc', 'jwt [redacted]'],
  ])('%j → %j', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it.each([
    'Re-authenticating because the token expired',
    'the basic_text backend keeps secrets in memory only',
    'GET /Integra/resources/auth/AgentAuthentication answered 0',
    'node_modules/electron-builder/out/targets/nsis/NsisTarget.js',
    'Registered sip:1001@pbx.example.com; expires 600',
    'Contact: <sip:1001@10.0.0.5:5060;transport=ws>;expires=600',
    '{"tokenStorage":"memory-only","authorizationUsername":"1001"}',
    'tokenStorage=encrypted-disk',
  ])('leaves ordinary text alone: %j', (text) => {
    expect(redactText(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = redactText('Authorization: Basic abc password=x https://a:b@h');
    expect(redactText(once)).toBe(once);
  });
});

describe('isSecretKey', () => {
  it.each(['password', 'Password', 'PASSWORD', 'apiPassword', 'passwd', 'secret', 'md5secret', 'md5_secret', 'clientSecret', 'token', 'access_token', 'apiToken', 'authorization', 'Authorization', 'authorizationHa1', 'ha1', 'HA1', 'fileb64', 'x-api-key', 'cookie', 'credentials', 'private-key'])(
    '%s is secret',
    (key) => expect(isSecretKey(key)).toBe(true),
  );
  it.each(['agent', 'name', 'extension', 'tokenPolicy', 'tokenStorage', 'authorizationUsername', 'campaign', 'host', 'wsUrl'])('%s is not', (key) => expect(isSecretKey(key)).toBe(false));
});

// ---- Properties: no secret put anywhere in a record survives. ----
// Filler is lowercase words; secrets use upper case, digits and symbols, so a
// secret can only appear in the output if redaction let it through.
const filler = fc.stringMatching(/^[a-z ]{0,12}$/);
const fillerKey = fc.stringMatching(/^[a-z]{1,8}$/).filter((key) => !isSecretKey(key));
const secretKey = fc.constantFrom(
  'password', 'Password', 'apiPassword', 'passwd', 'md5secret', 'md5Secret', 'secret', 'clientSecret', 'token',
  'apiToken', 'access_token', 'authorization', 'Authorization', 'authorizationHa1', 'ha1', 'fileb64', 'x-api-key', 'cookie',
);
const secret = fc.stringMatching(/^[A-Z0-9+/=!#%*]{8,32}$/);
const fillerValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, filler, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fillerKey, tie('value'), { maxKeys: 3 }),
})).value;

/** Puts `inner` at the end of a path of objects/arrays mixed with filler. */
function bury(inner: unknown, path: { key: string; asArray: boolean; sibling: unknown }[]): unknown {
  return path.reduce<unknown>((acc, step) => (step.asArray ? [step.sibling, acc] : { [step.key]: acc, other: step.sibling }), inner);
}
const path = fc.array(fc.record({ key: fillerKey, asArray: fc.boolean(), sibling: fillerValue }), { maxLength: 5 });

describe('redact: properties', () => {
  it('a secret under a secret key anywhere in a record never survives', () => {
    fc.assert(
      fc.property(secretKey, secret, fc.boolean(), path, fillerValue, (key, value, wrapInObject, where, extra) => {
        const record = bury({ [key]: wrapInObject ? { inner: value, list: [value] } : value, extra }, where);
        return !JSON.stringify(redact(record)).includes(value);
      }),
      { numRuns: 500 },
    );
  });

  const tokenSecret = fc.stringMatching(/^[A-Za-z0-9+/=]{8,40}$/).filter((s) => /[A-Z0-9+/=]/.test(s));
  const inText: [string, (s: string) => string][] = [
    ['Authorization header', (s) => `Authorization: Basic ${s}`],
    ['lower-case header', (s) => `authorization: ${s}`],
    ['Basic credential', (s) => `Basic ${s}`],
    ['Bearer credential', (s) => `Bearer ${s}`],
    ['form field', (s) => `agent=ana&password=${s}&x=1`],
    ['query parameter', (s) => `/x?token=${s}`],
    ['prose key: value', (s) => `md5secret: ${s}`],
    ['JSON pair', (s) => `{"md5secret":"${s}","a":1}`],
    ['quoted pair', (s) => `'password': '${s}'`],
    ['fileb64 field', (s) => `fileb64=${s}`],
  ];
  it.each(inText)('a secret in free text (%s) never survives, wherever it sits in a message', (_name, template) => {
    fc.assert(
      fc.property(filler, filler, tokenSecret, path, (before, after, value, where) => {
        const message = `${before} ${template(value)} ${after}`;
        const out = JSON.stringify(redact(bury({ message, error: new Error(message) }, where)));
        return !out.includes(value);
      }),
      { numRuns: 200 },
    );
  });

  it('user:password in a URL never survives', () => {
    fc.assert(
      fc.property(filler, fc.stringMatching(/^[A-Z0-9!*%]{6,20}$/), (before, password) => {
        return !redactText(`${before} https://ana:${password}@acme.example.com/x`).includes(password);
      }),
    );
  });

  it('a token as the platform issues them (base64 of 24+ random bytes) never survives on its own in text', () => {
    // Uniform bytes, as a CSPRNG gives them: fast-check's bias towards small values makes `AAAA…AG`, which no platform issues.
    fc.assert(
      fc.property(filler, filler, fc.noBias(fc.uint8Array({ minLength: 24, maxLength: 48 })), fc.constantFrom('', '.', ',', ')'), (before, after, bytes, end) => {
        const token = Buffer.from(bytes).toString('base64');
        return !redactText(`${before} ${token}${end} ${after}`).includes(token);
      }),
      { numRuns: 1000 },
    );
  });

  it('the random token its old rules let through is redacted (one in a million: no digit, few switches of kind)', () => {
    expect(redactText('got HIEHVYirAczwwwlHCEQTPdBGoefyPagy end')).toBe('got [redacted] end');
  });

  it('an HA1 (32 hex digits) never survives on its own in text', () => {
    fc.assert(
      fc.property(filler, fc.stringMatching(/^[0-9a-f]{32}$/), (before, ha1) => !redactText(`${before} ${ha1} x`).includes(ha1)),
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.anything(), (value) => typeof JSON.stringify(redact(value)) === 'string'));
  });
});

describe('redact: gaps closed in issue 13', () => {
  it.each([
    ['Sign-in failed for ana with password hunter2', 'Sign-in failed for ana with password [redacted]'],
    ['the password is Tr0ub4dor&3 now', 'the password is [redacted] now'],
    ['la contraseña es hunter2', 'la contraseña es [redacted]'],
    ['clave: 1234abcd', 'clave: [redacted]'],
    ['pass=hunter2&x=1', 'pass=[redacted]&x=1'],
    ['{"contraseña":"hunter2"}', '{"contraseña":"[redacted]"}'],
  ])('%j → %j', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it.each(['The password is required', 'Type the password for ana', 'la contraseña es obligatoria'])('keeps our own wording: %j', (text) => {
    expect(redactText(text)).toBe(text);
  });

  it.each(['pass', 'Pass', 'clave', 'Clave_Acceso', 'contraseña', 'Contraseña', 'contrasena', 'secreto'])('%s is a secret key', (key) => {
    expect(isSecretKey(key)).toBe(true);
    expect(redact({ [key]: 'hunter2' })).toEqual({ [key]: REDACTED });
  });

  it('removes the exact secrets main holds, whatever key or sentence they come in, until forgotten', () => {
    const secret = 'plain words';
    rememberSecret(secret);
    try {
      const line = JSON.stringify(redact({ note: `she typed plain words twice`, url: `https://h/?q=${encodeURIComponent(secret)}`, deep: [{ x: secret }] }));
      expect(line).not.toContain(secret);
      expect(line).not.toContain(encodeURIComponent(secret));
    } finally {
      forgetSecret(secret);
    }
    expect(redactText('plain words')).toBe('plain words');
  });

  it('cuts a huge string before redaction and says how much was left out', () => {
    const text = `${'a'.repeat(MAX_TEXT_CHARS)}password=hunter2`;
    const out = redactText(`${text}${'b'.repeat(1000)}`);
    expect(out.length).toBeLessThan(MAX_TEXT_CHARS + 50);
    expect(out).toMatch(/…\[1016 more characters\]$/u);
    expect(out).not.toContain('hunter2');
  });

  it('leaves no tail of a long secret value behind', () => {
    const value = `${'Z'.repeat(300)}tail`;
    expect(redactText(`password ${value}`)).toBe('password [redacted]');
    expect(redactText(`token=${value}`)).toBe('token=[redacted]');
  });
});
