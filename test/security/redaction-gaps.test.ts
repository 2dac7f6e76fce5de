// Issue 21, point 9: the gaps an attack run found in log redaction, beyond the
// encoded forms (secrets-in-logs.property.test.ts): a password pushed out by
// other remembered secrets, and the password in a sip: URI.
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../common/ipc-contract';
import { createLogger, redactText, rememberSecret, type LogSink } from '../../main/services/logging';
import { createSessionService, type SessionApi } from '../../main/services/session';
import { createSettingsService } from '../../main/services/settings';
import { createMemoryVault } from '../../main/services/vault';
import { secretReadableIn } from './support/secret-oracle';

function logLines(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  const sink: LogSink = { write: (line) => void lines.push(line) };
  write(createLogger({ sinks: [sink] }));
  return lines.join('\n');
}

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
