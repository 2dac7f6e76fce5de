// The preload's window.softphone against a fake ipcRenderer: only contract
// channels pass, listeners can be removed, nothing else is exposed.
import { describe, expect, it } from 'vitest';
import { createPreloadBridge } from '../../preload/bridge';

function fakeIpcRenderer() {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  return {
    invoked,
    emit: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({}, payload)),
    ipc: {
      invoke: async (channel: string, payload: unknown) => (invoked.push([channel, payload]), { ok: true, value: null }),
      on(channel: string, listener: (event: unknown, payload: unknown) => void) {
        listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
        return this;
      },
      removeListener(channel: string, listener: (event: unknown, payload: unknown) => void) {
        listeners.get(channel)?.delete(listener);
        return this;
      },
    },
  };
}

describe('preload bridge', () => {
  it('exposes exactly invoke and on', () => {
    expect(Object.keys(createPreloadBridge(fakeIpcRenderer().ipc as never)).sort()).toEqual(['invoke', 'on']);
  });

  it('passes contract requests and refuses others without touching ipcRenderer', async () => {
    const fake = fakeIpcRenderer();
    const bridge = createPreloadBridge(fake.ipc as never);
    await bridge.invoke('session.get', {});
    await expect(bridge.invoke('shell.openExternal' as never, {} as never)).rejects.toThrow(/not a request/);
    expect(fake.invoked).toEqual([['session.get', {}]]);
  });

  it('delivers contract events without the Electron event object, and unsubscribes', () => {
    const fake = fakeIpcRenderer();
    const bridge = createPreloadBridge(fake.ipc as never);
    const seen: unknown[] = [];
    const off = bridge.on('session.changed', (payload) => seen.push(payload));
    fake.emit('session.changed', { state: 'signed-out' });
    off();
    fake.emit('session.changed', { state: 'signed-in' });
    expect(seen).toEqual([{ state: 'signed-out' }]);
    expect(() => bridge.on('ipc-internal' as never, () => undefined)).toThrow(/not an event/);
  });
});
