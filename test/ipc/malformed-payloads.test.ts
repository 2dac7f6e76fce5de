// Every request channel refuses malformed payloads with a typed error, and the
// service behind it is never called. Table-driven: a channel added to the
// contract without rows here fails the completeness check.
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../common/i18n';
import { REQUEST_CHANNELS, ipcResultSchema, ipcErrorSchema, type RequestChannel } from '../../common/ipc-contract';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';
import { callsMalformedPayloads } from '../services/calls/calls-malformed-payloads';
import { supervisorMalformedPayloads } from '../services/supervisor/supervisor-malformed-payloads';
import { handlerStubs } from './handler-stubs';

const validSignIn = { agent: 'ana.garcia', password: 'x', remember: false, language: 'es' };

const malformed: Record<RequestChannel, unknown[]> = {
  'settings.get': [undefined, null, 42, 'text', [], { extra: 1 }],
  'settings.setIceCredential': [undefined, {}, { urls: 'http://x', credential: 'c' }, { urls: 'turn:x', credential: 7 }, { urls: 'turn:x', credential: 'c', extra: 1 }],
  'settings.update': [
    undefined,
    {},
    { patch: null },
    { patch: { language: 'fr' } },
    { patch: { instanceUrl: 'file:///etc/passwd' } },
    { patch: { tokenStorage: 'plaintext' } },
    { patch: { tokenPolicy: 'encrypted-disk' } },
    { patch: { tokenPolicy: { getCampaigns: 'admin' } } },
    { patch: { tokenPolicy: { sendFax: 'client' } } },
    { patch: { unknownSetting: true } },
    { patch: { sipRealm: '' } },
    { patch: {}, extra: 1 },
  ],
  'session.get': [undefined, null, 'x', { state: 'signed-in' }],
  'session.signIn': [
    undefined,
    {},
    { ...validSignIn, agent: '' },
    { ...validSignIn, agent: 7 },
    { ...validSignIn, password: undefined },
    { ...validSignIn, remember: 'yes' },
    { ...validSignIn, language: 'de' },
    { ...validSignIn, instanceUrl: 'javascript:alert(1)' },
    { ...validSignIn, sipUrl: 'http://not-a-websocket' },
    { ...validSignIn, password: 'p'.repeat(10_000) },
    { ...validSignIn, token: 'smuggled' },
    // Supervisor only: the API user needs its password; nobody at all is refused.
    { remember: false, language: 'en', apiUser: 'supervisor' },
    { remember: false, language: 'en', apiUser: 'supervisor', apiPassword: '' },
    { remember: false, language: 'en', agent: '', apiUser: ' ', apiPassword: 'x' },
    { remember: false, language: 'en' },
    { remember: false, language: 'en', agent: 'ana' },
  ],
  'session.signOut': [undefined, null, { message: 5 }, { message: 'm'.repeat(501) }, { message: 'bye', agent: 'other' }],
  ...supervisorMalformedPayloads,
  ...callsMalformedPayloads,
  'workstation.phoneStatus': [
    undefined,
    {},
    { registration: 'on', call: null },
    { registration: 'registered' },
    { registration: 'registered', call: { id: '', state: 'ringing', caller: '1', campaign: null } },
    { registration: 'registered', call: { id: 'c1', state: 'held', caller: '1', campaign: null } },
    { registration: 'registered', call: null, extra: 1 },
  ],
  'workstation.log': [undefined, {}, { level: 'fatal', message: 'x' }, { level: 'info', message: 'm'.repeat(8193) }, { level: 'info', message: 'x', token: 't' }],
  'workstation.diagnostics': [undefined, null, 'x', { includeSecrets: true }],
  'workstation.diagnosticsBundle': [
    undefined, {}, { sipTrace: [] }, { sipTrace: [], page: { userAgent: 'x', language: 'es' }, settings: {} },
    { sipTrace: Array.from({ length: 301 }, () => ({ at: '2026-11-26T10:00:00.000Z', direction: 'sent', text: 'OPTIONS', cut: 0 })), page: { userAgent: 'x', language: 'es' } },
    { sipTrace: Array.from({ length: 100 }, () => ({ at: '2026-11-26T10:00:00.000Z', direction: 'sent', text: 'x'.repeat(5_000), cut: 0 })), page: { userAgent: 'x', language: 'es' } },
    { sipTrace: [{ at: 'now', direction: 'sideways', text: '', cut: 0 }], page: { userAgent: 'x', language: 'es' } },
  ],
  'workstation.checkApi': [undefined, null, { url: 'https://elsewhere.example' }],
  'workstation.reportCheck': [
    undefined, {}, { startedAt: 'now', durationMs: 1, outcome: 'completed', steps: [] },
    { startedAt: '2026-11-26T10:00:00.000Z', durationMs: 1, outcome: 'completed', steps: [{ id: 'api', verdict: 'great', say: { key: 'k', params: {} }, tellIt: null, figures: {} }] },
    { startedAt: '2026-11-26T10:00:00.000Z', durationMs: 1, outcome: 'completed', steps: Array.from({ length: 7 }, () => ({ id: 'api', verdict: 'passed', say: { key: 'k', params: {} }, tellIt: null, figures: {} })) },
  ],
  'phone.waitSipReachable': [
    undefined,
    {},
    { timeoutMs: '1000' },
    { timeoutMs: 99 },
    { timeoutMs: 120_001 },
    { timeoutMs: 1_500.5 },
    { timeoutMs: 1_000, host: 'evil.example' },
    { timeoutMs: 1_000, port: 22 },
    { timeoutMs: 1_000, outageMs: -1 },
    { timeoutMs: 1_000, waitId: 'a b' },
    { timeoutMs: 1_000, waitId: 'x'.repeat(65) },
    { timeoutMs: 1_000, waitId: 'w1', stop: false },
    { timeoutMs: 1_000, waitId: 'w1', stop: 'yes' },
  ],
  'phone.reregistered': [undefined, {}, { offlineMs: -1 }, { offlineMs: 'long' }, { offlineMs: 8 * 24 * 3_600_000 }, { offlineMs: 1_000, agent: 'bruno.diaz' }],
  'phone.keepLiveCall': [undefined, {}, { callId: '' , snapshot: null }, { callId: 'a' }, { callId: 'a', snapshot: { id: 'a' } }, { callId: 'x'.repeat(300), snapshot: null }, { callId: 'a', snapshot: null, extra: 1 }],
  'phone.liveCalls': [undefined, { all: true }],
};

function recordingHandlers(calls: string[]): RequestHandlers {
  const record = (channel: string) => async () => {
    calls.push(channel);
    throw new Error('must not be reached');
  };
  return {
    'settings.get': record('settings.get'),
    'settings.update': record('settings.update'),
    'settings.setIceCredential': record('settings.setIceCredential'),
    'session.get': record('session.get'),
    'session.signIn': record('session.signIn'),
    'session.signOut': record('session.signOut'),
    ...handlerStubs('supervisor', record),
    ...handlerStubs('calls', record),
    ...handlerStubs('workstation', record),
    ...handlerStubs('phone', record),
  };
}

const rows = Object.entries(malformed).flatMap(([channel, payloads]) => payloads.map((payload, i) => [channel, i, payload] as const));

describe('IPC handlers refuse malformed payloads with typed errors', () => {
  it('has rows for every channel of the contract', () => {
    expect(Object.keys(malformed).sort()).toEqual([...REQUEST_CHANNELS].sort());
  });

  it.each(rows)('%s payload #%i', async (channel, _index, payload) => {
    const calls: string[] = [];
    const dispatch = createDispatcher(recordingHandlers(calls), { isTrustedSender: () => true });
    const result = await dispatch(channel, payload, 'our-window');
    expect(ipcResultSchema(ipcErrorSchema).safeParse(result).success).toBe(true);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid-request');
      // Named as the person knows the request, never by its channel.
      expect(result.error.message.startsWith(`${translate('en', `request.${channel}` as MessageKey)}:`)).toBe(true);
      expect(result.error.message).not.toContain(channel);
    }
    expect(calls).toEqual([]);
  });
});
