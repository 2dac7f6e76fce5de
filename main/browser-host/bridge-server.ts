// Carries the IPC contract over a WebSocket on loopback. A connection is
// accepted only from our own page's origin, with the per-launch secret or a
// one-time code from the page address (which then receives the secret in a
// first `welcome` frame, for its reloads); one page at a time: a new one
// replaces the last. Every request goes through the same handle() as
// Electron's IPC.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, wireRequestSchema, type EventChannel, type EventOf, type WireFromHost } from '../../common/ipc-contract';
import type { Dispatch } from '../ipc';
import type { OneTimeCodes } from './one-time-codes';

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

/** Close code for a page replaced by a newer one (a reload, or the same app opened again). */
export const REPLACED_BY_ANOTHER_PAGE = 4001;

export function createBridgeServer(options: {
  secret: string;
  /** Codes the page address carries instead of the secret (none: the secret only). */
  codes?: OneTimeCodes;
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

  const welcomed = new WeakSet<IncomingMessage>();
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // Before any other frame: a page that came with a code needs the secret for its reloads.
    if (welcomed.has(request)) send(socket, { type: 'welcome', secret: options.secret });
    // One page at a time: whoever holds the secret, the newest page is the one served.
    for (const other of wss.clients) if (other !== socket) other.close(REPLACED_BY_ANOTHER_PAGE, 'another page of this app took over');
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
      const code = url.searchParams.get('code');
      const refused = url.pathname !== BRIDGE_PATH
        ? 'unknown path'
        : request.headers.origin !== options.origin()
          ? 'wrong origin'
          : code !== null
            ? (options.codes?.take(code) ? null : 'spent or unknown code')
            : !sameSecret(url.searchParams.get('secret') ?? '', options.secret)
              ? 'wrong secret'
              : null;
      if (!refused && code !== null) welcomed.add(request);
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
