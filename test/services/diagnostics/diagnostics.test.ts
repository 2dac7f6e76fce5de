import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDiagnostics, createRecentErrors, type DiagnosticsInput } from '../../../main/services/diagnostics';
import { createLogger } from '../../../main/services/logging';

function input(overrides: Partial<DiagnosticsInput> = {}): DiagnosticsInput {
  return {
    app: { name: 'Agent Softphone', version: '0.1.0', packaged: true },
    runtime: { electron: '39.8.10', chrome: '142.0', node: '22.20.0', v8: undefined },
    os: { platform: 'linux', release: '6.1.0', arch: 'x64', locale: 'es-UY' },
    startedByAutostart: true,
    session: { state: 'signed-in', agent: 'ana.garcia', extension: '1001', instanceUrl: 'https://acme.ucontactcloud.com' },
    registration: 'registered',
    connectivity: 'online',
    policy: { source: '/etc/agent-softphone/policy.json', problem: null, locked: ['instanceUrl'] },
    settings: { instanceUrl: 'https://acme.ucontactcloud.com', language: 'es', tokenStorage: 'encrypted-disk' },
    logFolder: '/home/ana/.config/Agent Softphone/logs',
    recentErrors: [],
    generatedAt: new Date('2026-11-21T08:00:00.000Z'),
    ...overrides,
  };
}

describe('buildDiagnostics', () => {
  it('lists version, OS, session, registration, policy, settings and last errors', () => {
    const errors = createRecentErrors(2);
    const log = createLogger({ sinks: [errors], now: () => new Date('2026-11-21T07:59:00.000Z') });
    log.info('not kept');
    log.error('first');
    log.warn('second');
    log.error('third', { password: 'hunter2' });
    const text = buildDiagnostics(input({ recentErrors: errors.lines() }));
    expect(text).toBe(
      [
        'Agent Softphone diagnostics',
        'Generated: 2026-11-21T08:00:00.000Z',
        'Version: 0.1.0 — electron 39.8.10, chrome 142.0, node 22.20.0',
        'OS: linux 6.1.0 x64, locale es-UY',
        'Started by autostart: yes',
        'Session: signed-in as ana.garcia (1001) at https://acme.ucontactcloud.com',
        'Phone registration: registered',
        'Connectivity: online',
        'IT policy: /etc/agent-softphone/policy.json; locked: instanceUrl',
        'Log folder: /home/ana/.config/Agent Softphone/logs',
        'Settings:',
        '  {',
        '    "instanceUrl": "https://acme.ucontactcloud.com",',
        '    "language": "es",',
        '    "tokenStorage": "encrypted-disk"',
        '  }',
        'Last errors and warnings (2):',
        '  2026-11-21T07:59:00.000Z [warn] (main) second',
        '  2026-11-21T07:59:00.000Z [error] (main) third {"password":"[redacted]"}',
      ].join('\n'),
    );
  });

  it('says when there is no policy, a broken one, no errors, and a development build', () => {
    const text = buildDiagnostics(input({ app: { name: 'Agent Softphone', version: '0.1.0', packaged: false }, policy: { source: null, problem: null, locked: [] } }));
    expect(text).toContain('Version: 0.1.0 (development build)');
    expect(text).toContain('IT policy: none');
    expect(text).toContain('Last errors and warnings (0):\n  none');
    const broken = buildDiagnostics(input({ policy: { source: '/etc/x', problem: 'The IT policy file /etc/x could not be used: not JSON.', locked: [] } }));
    expect(broken).toContain('IT policy: NOT APPLIED — The IT policy file /etc/x could not be used: not JSON.');
  });

  it('never copies a secret, even when a caller passes one in settings or session fields (property)', () => {
    const secret = fc.stringMatching(/^[A-Z0-9+/=]{10,30}$/);
    fc.assert(
      fc.property(secret, (value) => {
        const text = buildDiagnostics(
          input({
            settings: { instanceUrl: 'https://x', password: value, vault: { token: value }, sip: { authorizationHa1: value } },
            session: { state: 'signed-in', agent: 'ana', instanceUrl: `https://ana:${value}@acme.example.com` },
            connectivity: `offline (Authorization: Basic ${value})`,
          }),
        );
        return !text.includes(value);
      }),
    );
  });
});
