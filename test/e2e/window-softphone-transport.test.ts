// The UI cannot tell the transports apart: the same page, given a
// `window.softphone` (as Electron's preload exposes it) that reaches main's
// handle() directly instead of the WebSocket, signs in and out the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, createRequestHandlers, forwardEvents } from '../../main/ipc';
import { signIn, signOut, startApp, type E2EApp } from './harness';

let app: E2EApp;
let stopEvents: () => void = () => undefined;
const invoked: string[] = [];

beforeAll(async () => {
  app = await startApp({ sip: false });
  const context = app.context;
  const dispatch = createDispatcher(createRequestHandlers(app.host.services), { isTrustedSender: () => true });
  // ipcRenderer.invoke → ipcMain.handle, as a Playwright binding.
  await context.exposeBinding('__softphoneInvoke', async (_source, channel: unknown, payload: unknown) => {
    invoked.push(String(channel));
    return dispatch(channel, payload, null);
  });
  // webContents.send → ipcRenderer.on listeners.
  stopEvents = forwardEvents(app.host.services, (event, payload) => {
    for (const page of context.pages()) void page.evaluate(([e, p]) => (window as unknown as { __softphoneEmit?: (e: string, p: unknown) => void }).__softphoneEmit?.(e, p), [event, payload] as const).catch(() => undefined);
  });
  await context.addInitScript(() => {
    const listeners = new Map<string, Set<(payload: unknown) => void>>();
    const w = window as unknown as Record<string, unknown>;
    w['__softphoneEmit'] = (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload));
    w['softphone'] = Object.freeze({
      invoke: (channel: string, payload: unknown) => (w['__softphoneInvoke'] as (c: string, p: unknown) => Promise<unknown>)(channel, payload),
      on: (event: string, listener: (payload: unknown) => void) => {
        const set = listeners.get(event) ?? new Set();
        set.add(listener);
        listeners.set(event, set);
        return () => set.delete(listener);
      },
    });
  });
  // A fresh page without the URL secret: only window.softphone can carry the contract.
  await app.page.goto(app.host.origin + '/');
  await app.page.locator('input[name=agent]').waitFor();
});
afterAll(async () => {
  stopEvents();
  await app?.close();
});

describe('window.softphone transport', () => {
  it('signs in and out through window.softphone, without opening the bridge socket', async () => {
    const sockets: string[] = [];
    app.page.on('websocket', (socket) => sockets.push(socket.url()));
    await signIn(app);
    expect(await app.page.getByTestId('agent-extension').textContent()).toContain(app.agents[0]!.phone);
    await signOut(app.page, 'via preload');
    expect(invoked).toEqual(expect.arrayContaining(['settings.get', 'session.get', 'session.signIn', 'session.signOut']));
    expect(sockets.filter((url) => url.includes('/bridge'))).toEqual([]); // (the phone's SIP socket may open)
    const logouts = (await app.simState())['logouts'] as { message: string }[];
    expect(logouts.at(-1)?.message).toBe('via preload');
  });
});
