// The SIP-over-WebSocket listener (RFC 7118): subprotocol `sip`, path `/ws`,
// plain WS and WSS side by side like Asterisk's 8088/8089.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SipConnection } from './sip-connection';
import { parseSipMessage, type SipMessage } from './sip-message';

export interface WsEndpointOptions {
  host: string;
  /** Plain WS port; 0 = any free port. */
  wsPort: number;
  /** WSS port; 0 = any free port. */
  wssPort: number;
  tls: { cert: string; key: string };
  onMessage(message: SipMessage, connection: SipConnection): void;
  /** A frame that is not SIP (logged by the caller). */
  onGarbage?(text: string, connection: SipConnection): void;
}

export interface WsEndpoint {
  wsUrl: string;
  wssUrl: string;
  /** Drops every connection and stops listening (connections refused) until resume(). */
  pause(): Promise<void>;
  /** Listens again on the same ports. */
  resume(): Promise<void>;
  isPaused(): boolean;
  close(): Promise<void>;
}

let nextConnectionId = 1;

export async function startWsEndpoint(options: WsEndpointOptions): Promise<WsEndpoint> {
  const plain = createHttpServer(refuseHttp);
  const secure = createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, refuseHttp);
  const plainEntry = { server: plain as HttpServer, transport: 'ws' as const, port: options.wsPort };
  const secureEntry = { server: secure as HttpServer, transport: 'wss' as const, port: options.wssPort };
  const servers = [plainEntry, secureEntry];
  const sockets = new Set<WebSocket>();
  const wsServers = servers.map(({ server, transport }) => {
    const wss = new WebSocketServer({
      server,
      path: '/ws',
      // A SIP message is a few KiB; refuse absurd frames.
      maxPayload: 256 * 1024,
      handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false),
    });
    wss.on('connection', (socket, request) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      attach(socket, transport, request.socket.remoteAddress ?? '', options);
    });
    return wss;
  });
  await Promise.all(servers.map(({ server, port }) => listen(server, port, options.host)));
  const portOf = (server: HttpServer): number => (server.address() as AddressInfo).port;
  // Fixed from now on, so a resume() listens where clients were told to connect.
  for (const entry of servers) entry.port = portOf(entry.server);
  let paused = false;
  const stopListening = async (): Promise<void> => {
    for (const socket of sockets) socket.terminate();
    await Promise.all(
      servers.map(({ server }) => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        return closed;
      }),
    );
  };
  return {
    wsUrl: `ws://${options.host}:${plainEntry.port}/ws`,
    wssUrl: `wss://${options.host}:${secureEntry.port}/ws`,
    async pause() {
      if (paused) return;
      paused = true;
      await stopListening();
    },
    async resume() {
      if (!paused) return;
      await Promise.all(servers.map(({ server, port }) => listen(server, port, options.host)));
      paused = false;
    },
    isPaused: () => paused,
    async close() {
      await Promise.all(wsServers.map((wss) => new Promise<void>((resolve) => wss.close(() => resolve()))));
      if (!paused) await stopListening();
    },
  };
}

function attach(socket: WebSocket, transport: 'ws' | 'wss', remoteAddress: string, options: WsEndpointOptions): void {
  const closeListeners: Array<() => void> = [];
  const connection: SipConnection = {
    id: `${transport}-${nextConnectionId++}`,
    transport,
    remoteAddress,
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    isOpen: () => socket.readyState === socket.OPEN,
    onClose: (listener) => closeListeners.push(listener),
  };
  socket.on('message', (data, isBinary) => {
    const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data);
    // RFC 5626 keep-alive: a double CRLF ping gets a CRLF pong.
    if (text.trim() === '') {
      if (text === '\r\n\r\n') connection.send('\r\n');
      return;
    }
    const message = parseSipMessage(text);
    if (message) options.onMessage(message, connection);
    else options.onGarbage?.(text, connection);
  });
  socket.on('close', () => {
    for (const listener of closeListeners.splice(0)) listener();
  });
  socket.on('error', () => socket.terminate());
}

function refuseHttp(_request: unknown, response: { writeHead(code: number): void; end(text: string): void }): void {
  response.writeHead(426);
  response.end('SIP over WebSocket only: connect to /ws with subprotocol "sip".\n');
}

function listen(server: HttpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
