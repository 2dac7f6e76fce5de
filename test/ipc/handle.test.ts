import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ipcResultSchema, IpcFailure, SIGNED_OUT, type RequestChannel } from '../../common/ipc-contract';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';
import { handlerStubs } from './handler-stubs';

function handlers(overrides: Partial<RequestHandlers> = {}): RequestHandlers {
  const never = async () => {
    throw new Error('not expected in this test');
  };
  return {
    'settings.get': never,
    'settings.update': never,
    'settings.setIceCredential': never,
    'session.get': async () => SIGNED_OUT,
    'session.signIn': never,
    'session.signOut': never,
    ...handlerStubs('supervisor', () => never),
    ...handlerStubs('calls', () => never),
    ...handlerStubs('workstation', () => never),
    ...handlerStubs('phone', () => never),
    ...overrides,
  };
}

describe('handle(): the typed IPC wrapper', () => {
  it('answers { ok: true, value } with what the service returned', async () => {
    const dispatch = createDispatcher(handlers(), { isTrustedSender: () => true });
    expect(await dispatch('session.get', {}, null)).toEqual({ ok: true, value: SIGNED_OUT });
  });

  it('refuses a channel outside the contract', async () => {
    const dispatch = createDispatcher(handlers(), { isTrustedSender: () => true });
    const result = await dispatch('shell.openExternal', {}, null);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it.each([
    ['a sender the check rejects', () => false],
    ['a sender check that throws', () => {
      throw new Error('no frame');
    }],
  ])('refuses %s before parsing or calling the service', async (_case, isTrustedSender) => {
    let called = false;
    const dispatch = createDispatcher(handlers({ 'session.get': async () => ((called = true), SIGNED_OUT) }), { isTrustedSender });
    const result = await dispatch('session.get', {}, { url: 'https://evil.example' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(called).toBe(false);
  });

  it('passes a service IpcFailure through as the typed error', async () => {
    const failure = new IpcFailure({ code: 'wrong-credentials', field: 'password', message: 'refused' });
    const dispatch = createDispatcher(handlers({ 'session.signIn': async () => { throw failure; } }), { isTrustedSender: () => true });
    const result = await dispatch('session.signIn', { agent: 'a', password: 'b', remember: false, language: 'en' }, null);
    expect(result).toEqual({ ok: false, error: failure.detail });
  });

  it('cuts a spoken parameter quoted from outside, so the page does not refuse the whole error', async () => {
    const failure = new IpcFailure({ code: 'platform-error', message: 'refused', say: { key: 'cause.bad-response', params: { operation: 'getCampaigns', what: 'x'.repeat(50_000) } } });
    const dispatch = createDispatcher(handlers({ 'session.get': async () => { throw failure; } }), { isTrustedSender: () => true });
    const result = await dispatch('session.get', {}, null);
    // What the page checks every reply against.
    expect(ipcResultSchema(z.unknown()).safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ ok: false, error: { say: { key: 'cause.bad-response', params: { operation: 'getCampaigns', what: expect.stringMatching(/^x+…$/u) } } } });
  });

  it('turns an unexpected throw into "internal" without leaking its text, and reports it', async () => {
    const reported: [string, unknown][] = [];
    const dispatch = createDispatcher(
      handlers({ 'settings.get': async () => { throw new Error('token=abc123 leaked'); } }),
      { isTrustedSender: () => true, onUnexpectedError: (channel, error) => reported.push([channel, error]) },
    );
    const result = await dispatch('settings.get', {}, null);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('abc123');
    expect(reported.map(([c]) => c)).toEqual(['settings.get']);
  });

  it('names the failing field of a malformed payload', async () => {
    const dispatch = createDispatcher(handlers(), { isTrustedSender: () => true });
    const channel: RequestChannel = 'session.signIn';
    const result = await dispatch(channel, { agent: 'a', password: 'b', remember: false, language: 'en', instanceUrl: 'nope' }, null);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'instanceUrl' } });
  });
});
