// ipcMain wiring against a fake ipcMain: one handler per contract channel,
// each answering through handle(), and the trusted-sender rule.
import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { REQUEST_CHANNELS, SIGNED_OUT } from '../../common/ipc-contract';
import { isTrustedSender, registerIpcHandlers, sendEvent } from '../../main/desktop/ipc-main';
import type { RendererLocation } from '../../main/desktop/security';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';
import { handlerStubs } from '../ipc/handler-stubs';

const location: RendererLocation = { kind: 'app', origin: 'app://renderer', indexUrl: 'app://renderer/index.html' };
const OWN = 'app://renderer/index.html';

function fakeEvent(url: string | null, options: { iframe?: boolean; contentsId?: number } = {}) {
  const mainFrame = { url: url ?? '' };
  const senderFrame = url === null ? null : options.iframe ? { url } : mainFrame;
  return { senderFrame, sender: { mainFrame, id: options.contentsId ?? 1 } };
}

describe('ipcMain wiring', () => {
  it('registers exactly the contract channels and unregisters them', async () => {
    const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
    const fakeIpc = {
      handle: (channel: string, listener: (event: unknown, payload: unknown) => unknown) => void handlers.set(channel, listener),
      removeHandler: (channel: string) => void handlers.delete(channel),
    };
    const never = async () => {
      throw new Error('unused');
    };
    const requestHandlers: RequestHandlers = {
      'settings.get': never, 'settings.update': never, 'settings.setIceCredential': never, 'session.signIn': never, 'session.signOut': never,
      'session.get': async () => SIGNED_OUT,
      ...handlerStubs('supervisor', () => never),
      ...handlerStubs('calls', () => never),
      ...handlerStubs('workstation', () => never),
    ...handlerStubs('phone', () => never),
    };
    const dispatch = createDispatcher<IpcMainInvokeEvent>(requestHandlers, { isTrustedSender: (event) => isTrustedSender(event, () => 1, location) });
    const unregister = registerIpcHandlers(fakeIpc as never, dispatch);
    expect([...handlers.keys()].sort()).toEqual([...REQUEST_CHANNELS].sort());

    expect(await handlers.get('session.get')!(fakeEvent(OWN), {})).toEqual({ ok: true, value: SIGNED_OUT });
    expect(await handlers.get('session.get')!(fakeEvent('https://evil.example/'), {})).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(await handlers.get('session.get')!(fakeEvent(OWN), 'garbage')).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    unregister();
    expect(handlers.size).toBe(0);
  });

  it.each([
    ['our main frame', fakeEvent(OWN), true],
    ['an iframe inside our page', fakeEvent(OWN, { iframe: true }), false],
    ['a frame that is gone', fakeEvent(null), false],
    ['another web contents', fakeEvent(OWN, { contentsId: 2 }), false],
    ['a foreign page in our window', fakeEvent('https://evil.example/'), false],
  ])('trusts %s: %s', (_case, event, expected) => {
    expect(isTrustedSender(event, () => 1, location)).toBe(expected);
  });

  it('sends events only to a live window', () => {
    const sent: [string, unknown][] = [];
    const contents = (destroyed: boolean) => ({ isDestroyed: () => destroyed, send: (c: string, p: unknown) => void sent.push([c, p]) });
    sendEvent(contents(false), 'session.changed', SIGNED_OUT);
    sendEvent(contents(true), 'session.changed', SIGNED_OUT);
    sendEvent(undefined, 'session.changed', SIGNED_OUT);
    expect(sent).toEqual([['session.changed', SIGNED_OUT]]);
  });
});
