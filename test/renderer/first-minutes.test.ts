// The page's side of the first ten minutes: a request that never comes back
// ends with an error that says so (no "Calling…" forever), a transport
// failure is told without the channel's name, and a stale tab speaks the
// browser's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { speak } from '../../common/i18n/say';
import type { IpcResult, SoftphoneBridge } from '../../common/ipc-contract';
import { withReplyDeadline } from '../../renderer/src/bridge/reply-deadline';
import { createSoftphoneApi } from '../../renderer/src/bridge/softphone-api';
import { browserLanguage } from '../../renderer/src/shell/browser-language';

const said = (result: IpcResult<unknown>, language: 'es' | 'en') => (result.ok ? '' : speak(language, result.error.say ?? { key: 'none', params: {} }) ?? '');

afterEach(() => {
  vi.useRealTimers();
});

describe('withReplyDeadline', () => {
  it('ends a request that never answers with an error naming the request and the wait', async () => {
    vi.useFakeTimers();
    const never = new Promise<IpcResult<string>>(() => undefined);
    const result = withReplyDeadline(never, 'calls.makeCall', 40_000);
    await vi.advanceTimersByTimeAsync(40_000);
    const ended = await result;
    expect(ended).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(said(ended, 'en')).toBe('Placing the call: the app did not answer within 40 s; it may have stopped. If nothing happens, reload the page or restart the app.');
    expect(said(ended, 'es')).toContain('Hacer la llamada: la aplicación no respondió en 40 s');
  });

  it('passes an answer that comes in time through unchanged', async () => {
    vi.useFakeTimers();
    const answer: IpcResult<string> = { ok: true, value: 'placed' };
    expect(await withReplyDeadline(Promise.resolve(answer), 'calls.makeCall', 40_000)).toEqual(answer);
  });
});

describe('a request whose transport fails', () => {
  it('is told by the request name, not the channel', async () => {
    const bridge: SoftphoneBridge = { invoke: () => Promise.reject(new Error('the connection to the app closed')), on: () => () => undefined };
    const result = await createSoftphoneApi(bridge).request('calls.makeCall', { campaign: 'Manual->', number: '099123456' });
    expect(said(result, 'en')).toBe('Placing the call: the connection to the app was lost before it answered. Reload the page or restart the app.');
    if (!result.ok) expect(result.error.message).not.toContain('calls.makeCall');
  });
});

describe('browserLanguage', () => {
  it('is English for an English browser and Spanish otherwise', () => {
    expect(browserLanguage(['en-GB', 'es'])).toBe('en');
    expect(browserLanguage(['es-UY'])).toBe('es');
    expect(browserLanguage(['pt-BR'])).toBe('es');
    expect(browserLanguage([])).toBe('es');
  });
});
