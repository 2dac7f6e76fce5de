// The workstation port behind the workstation.* requests: status kept and
// passed on, the first report marks the page ready, renderer log records go
// through the redacting logger, diagnostics built from the current status.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SIGNED_OUT, type PhoneStatus } from '../../../common/ipc-contract';
import { createEventJournal, createRecentLog, createRecentErrors } from '../../../main/services/diagnostics';
import { createLogger } from '../../../main/services/logging';
import { collectDiagnostics, createWorkstationPort, IDLE_PHONE } from '../../../main/services/workstation';

const IN_CALL: PhoneStatus = { registration: 'registered', call: { id: 'c1', state: 'in-call', caller: '099', campaign: null } };

describe('createWorkstationPort', () => {
  it('keeps the reported status, passes it on and says the page is ready on each report', () => {
    const statuses: PhoneStatus[] = [];
    let ready = 0;
    const port = createWorkstationPort({
      logger: createLogger({ sinks: [] }),
      onStatus: (status) => statuses.push(status),
      onRendererReady: () => void (ready += 1),
      diagnostics: (status) => `registration ${status.registration}`,
      bundle: () => ({ json: '{}', bytes: 2, fileName: 'b.json' }), checkApi: () => Promise.reject(new Error('no instance')),
    });
    expect(port.status).toEqual(IDLE_PHONE);
    port.reportPhoneStatus(IN_CALL);
    expect(port.status).toEqual(IN_CALL);
    expect(statuses).toEqual([IN_CALL]);
    expect(ready).toBe(1);
    expect(port.diagnostics()).toBe('registration registered');
    expect(port.shortcutProblems).toEqual([]);
    const taken = { key: 'workstation.shortcut.taken.answer', params: { accelerator: 'Control+Alt+A' } };
    port.setShortcutProblems([taken]);
    expect(port.shortcutProblems).toEqual([taken]);
  });

  it('writes renderer records under the renderer scope, redacted', () => {
    const lines: string[] = [];
    const port = createWorkstationPort({ logger: createLogger({ sinks: [{ write: (line) => void lines.push(line) }] }), diagnostics: () => '', bundle: () => ({ json: '{}', bytes: 2, fileName: 'b.json' }), checkApi: () => Promise.reject(new Error('no instance')) });
    port.log({ level: 'warn', message: 'sign-in failed', fields: { password: 'hunter2', agent: 'ana' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('(renderer) sign-in failed');
    expect(lines[0]).toContain('ana');
    expect(lines[0]).not.toContain('hunter2');
  });
});

describe('collectDiagnostics', () => {
  it('names the session, the phone, the policy locks and the last errors, without secrets', () => {
    const recentErrors = createRecentErrors();
    const logger = createLogger({ sinks: [recentErrors] });
    logger.error('Make Call failed', { token: 'tok-123456' });
    const text = collectDiagnostics(
      {
        app: { name: 'Agent Softphone', version: '1.2.3', packaged: true },
        runtime: { electron: '39.0.0' },
        os: { platform: 'linux', release: '6.1', arch: 'x64' },
        startedByAutostart: true,
        logFolder: '/home/ana/.config/Agent Softphone/logs',
        recentErrors,
        session: () => ({ ...SIGNED_OUT, state: 'signed-in', agent: { name: 'ana', fullname: 'Ana', extension: '1001', campaigns: [] }, instanceUrl: 'https://acme.example' }),
        settings: () => ({ ...DEFAULT_SETTINGS, rememberedAgent: 'ana' }),
        policy: { locked: new Set(['autostart'] as const), fromPolicy: new Set(['autostart'] as const), policySource: '/etc/agent-softphone/policy.json', policyProblem: null },
        connectivity: () => 'online',
        now: () => new Date('2026-11-21T08:00:00Z'),
        recentLog: createRecentLog(),
        events: createEventJournal(),
        qualityTimelines: () => [],
        lastCheck: () => null,
      },
      IN_CALL,
    );
    expect(text).toContain('Version: 1.2.3 — electron 39.0.0');
    expect(text).toContain('Started by autostart: yes');
    expect(text).toContain('Session: signed-in as ana (1001) at https://acme.example');
    expect(text).toContain('Phone registration: registered, call in-call');
    expect(text).toContain('IT policy: /etc/agent-softphone/policy.json; locked: autostart');
    expect(text).toContain('Make Call failed');
    expect(text).not.toContain('tok-123456');
  });
});
