// The raw bridge over the browser host's loopback WebSocket.
import type { SoftphoneBridge } from '../../../common/ipc-contract';
import { isEventChannel } from '../../../common/ipc/channels';
import { wireFromHostSchema, type WireRequest } from '../../../common/ipc/wire';

/**
 * How the page lost the app: `refused` = the socket closed before it ever
 * opened (the host refused it: a tab from an earlier run, whose secret is no
 * longer valid; reloading cannot help); `closed` = an open connection ended.
 */
export type BridgeLoss = 'refused' | 'closed';

export interface WebSocketBridge extends SoftphoneBridge {
  /** Called once if the socket closes; the UI then says the app was lost. */
  onLost(listener: (loss: BridgeLoss) => void): void;
  close(): void;
}

/**
 * `socket`: opened by the caller, possibly already open (bridge-socket.ts opens it before the contract's code
 * runs); its messages are only read from here on, which is no loss as long as this is called in the same task.
 * `onWelcome`: the host's secret, sent to a page that came in with a one-time code.
 */
export function createWebSocketBridge(socket: WebSocket, onWelcome: (secret: string) => void = () => undefined): WebSocketBridge {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const lostListeners = new Set<(loss: BridgeLoss) => void>();
  let everOpened = socket.readyState === WebSocket.OPEN;
  const opened = new Promise<void>((resolve, reject) => {
    if (everOpened) return resolve();
    socket.addEventListener('open', () => {
      everOpened = true;
      resolve();
    }, { once: true });
    socket.addEventListener('close', () => reject(new Error('the connection to the app closed')), { once: true });
  });
  opened.catch(() => undefined);
  let nextId = 1;

  socket.addEventListener('message', (message) => {
    if (typeof message.data !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = wireFromHostSchema.safeParse(data);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'reply') {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    } else if (frame.type === 'welcome') {
      onWelcome(frame.secret);
    } else if (isEventChannel(frame.event)) {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const { reject } of pending.values()) reject(new Error('the connection to the app closed'));
    pending.clear();
    for (const listener of lostListeners) listener(everOpened ? 'closed' : 'refused');
  });

  return {
    async invoke(channel, payload) {
      await opened;
      const id = nextId++;
      const frame: WireRequest = { type: 'request', id, channel, payload };
      return new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify(frame));
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    onLost: (listener) => void lostListeners.add(listener),
    close: () => socket.close(),
  };
}
