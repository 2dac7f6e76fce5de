// Carries the IPC contract over a WebSocket on loopback. A connection is
// accepted only with the per-launch secret and from our own page's origin;
// every request then goes through the same handle() as Electron's IPC.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, wireRequestSchema, type EventChannel, type EventOf, type WireFromHost } from '../../common/ipc-contract';
import type { Dispatch } from '../ipc';

export interface BridgeServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  broadcast<E extends EventChannel>(event: E, payload: EventOf<E>): void;
  /** Every frame sent to pages, for tests that check what reached the renderer. */
  onFrameSent(listener: (frame: string) => void): () => void;
  /** Pages connected now. */
  pages(): number;
  close(): void;
}

export interface BridgeSender {
  authenticated: true;
}

export function createBridgeServer(options: {
  secret: string;
  origin: () => string;
  dispatch: Dispatch<BridgeSender>;
  /** The last page went away (closed or reloading): main holds what it would push until one is back. */
  onLastPageGone?: () => void;
  /** A page's socket broke the protocol (bad frame, oversize, invalid UTF-8): that socket is closed, the host serves on. */
  onSocketError?: (error: Error) => void;
}): BridgeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const frameListeners = new Set<(frame: string) => void>();

  const send = (socket: WebSocket, frame: WireFromHost): void => {
    const text = JSON.stringify(frame);
    for (const listener of frameListeners) listener(text);
    if (socket.readyState === socket.OPEN) socket.send(text);
  };

  wss.on('connection', (socket: WebSocket) => {
    // Without a listener, ws re-throws a protocol error as an unhandled 'error' event and main stops.
    socket.on('error', (error) => {
      options.onSocketError?.(error);
      socket.terminate();
    });
    socket.on('close', () => {
      if (wss.clients.size === 0) options.onLastPageGone?.();
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString());
      } catch {
        return;
      }
      const request = wireRequestSchema.safeParse(raw);
      if (!request.success) return;
      const { id, channel, payload } = request.data;
      void options.dispatch(channel, payload, { authenticated: true }).then((result) => send(socket, { type: 'reply', id, result }));
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const refused = url.pathname !== BRIDGE_PATH
        ? 'unknown path'
        : request.headers.origin !== options.origin()
          ? 'wrong origin'
          : !sameSecret(url.searchParams.get('secret') ?? '', options.secret)
            ? 'wrong secret'
            : null;
      if (refused) {
        socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nRefused: ${refused}.\n`);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    broadcast(event, payload) {
      for (const socket of wss.clients) send(socket, { type: 'event', event, payload });
    },
    pages: () => wss.clients.size,
    onFrameSent(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    close() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
