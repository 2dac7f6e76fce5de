// Issue 21, point 9: the gaps an attack run found in log redaction, beyond the
// encoded forms (secrets-in-logs.property.test.ts): a secret cut where a long
// string is truncated, a password pushed out by other remembered secrets, and
// the password in a sip: URI.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../common/ipc-contract';
import { createLogger, forgetSecret, MAX_TEXT_CHARS, redactText, rememberSecret, type LogSink } from '../../main/services/logging';
import { createSessionService, type SessionApi } from '../../main/services/session';
import { createSettingsService } from '../../main/services/settings';
import { createMemoryVault } from '../../main/services/vault';
import { secretReadableIn } from './support/secret-oracle';

const word = fc.stringMatching(/^[a-záéíóúñ]{1,10}$/u);
const secret = fc.array(fc.oneof(word, fc.stringMatching(/^[A-Za-z0-9!#%&*+=?@^_~-]{1,12}$/u)), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')).filter((s) => s.length >= 6);

function logLines(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  const sink: LogSink = { write: (line) => void lines.push(line) };
  write(createLogger({ sinks: [sink] }));
  return lines.join('\n');
}

describe('a secret cut where a long string is truncated', () => {
  // '|' is in no secret here, so `|` + a prefix in the line is a prefix left at the cut.
  it('leaves no prefix of itself behind, raw or percent-encoded, in a message or a field', () => {
    fc.assert(
      fc.property(secret, fc.boolean(), fc.nat(), (value, percent, at) => {
        const form = percent ? encodeURIComponent(value) : value;
        const kept = 1 + (at % (form.length - 1)); // 1 … length-1 characters before the cut
        const text = `${'|'.repeat(MAX_TEXT_CHARS - kept)}${form}${'|'.repeat(100)}`;
        rememberSecret(value);
        try {
          const line = logLines((logger) => logger.info(text, { note: text }));
          return !line.includes(`|${form.slice(0, kept)}`);
        } finally {
          forgetSecret(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('still says how much was left out', () => {
    rememberSecret('summer bonus 2026');
    try {
      const out = redactText(`${'|'.repeat(MAX_TEXT_CHARS - 6)}summer bonus 2026${'|'.repeat(10)}`);
      expect(out).toBe(`${'|'.repeat(MAX_TEXT_CHARS - 6)}…[27 more characters]`);
    } finally {
      forgetSecret('summer bonus 2026');
    }
  });
});

/** A session signed in against a fake platform that answers with `record`. */
async function signedInSession(password: string, record: Record<string, string>) {
  let stored: Settings | undefined;
  const settings = createSettingsService({ read: () => stored, write: (s) => void (stored = s), setAside: () => null });
  const api: SessionApi = {
    agentAuthenticate: async () => record,
    renewAgentLogin: async () => record,
    clientAuthenticate: async () => 'client-token-never-used',
    logOut: async () => '1',
  };
  const session = createSessionService({ settings, vault: createMemoryVault('browser-mode'), createApi: () => api });
  await session.signIn({ instanceUrl: 'http://127.0.0.1:9', agent: 'ana', password, remember: false, language: 'en' });
  return session;
}

describe('the secrets of the signed-in session', () => {
  it('stay out of the log however many other secrets are remembered after them', async () => {
    const password = 'summer bonus 2026';
    const record = { name: 'ana', host: 'pbx.example.com', md5secret: 'plain ha1 words', token: 'plain token words' };
    const session = await signedInSession(password, record);
    expect(session.view().state).toBe('signed-in');
    for (let i = 0; i < 1000; i += 1) rememberSecret(`other secret number ${i}`);
    const line = logLines((logger) => logger.error(`the agent typed ${password}`, { note: `${record.md5secret} and ${record.token}` }));
    for (const held of [password, record.md5secret, record.token]) expect(secretReadableIn(line, held)).toBe(false);
    await session.signOut({});
  });
});

describe('a password in a sip: or sips: URI', () => {
  it.each([
    ['sip:1001:hunter2@pbx.example.com', 'hunter2'],
    ['From: <sips:ana.garcia:Winter%202026@pbx.example.com;transport=ws>;tag=1', 'Winter%202026'],
    ['registering SIP:1001:s3cr3t!@10.0.0.5:5060', 's3cr3t!'],
  ])('is removed, the rest kept: %s', (text, password) => {
    const out = redactText(text);
    expect(out).not.toContain(password);
    expect(out).toMatch(/\[redacted\]@/u);
  });
});
