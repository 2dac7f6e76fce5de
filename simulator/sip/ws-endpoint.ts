// The SIP-over-WebSocket listener (RFC 7118): subprotocol `sip`, path `/ws`,
// plain WS and WSS side by side like Asterisk's 8088/8089. It keeps the live
// connections (for the control API), and the listeners can be paused (every
// connection dropped) or made to refuse new connections for a while (existing
// ones untouched); see listener-gate.ts.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { ListenerGate } from './listener-gate';
import type { SipConnection } from './sip-connection';
import { parseSipMessage, type SipMessage } from './sip-message';
import { WsConnection, type DropMode } from './ws-connection';

export interface WsEndpointOptions {
  host: string;
  /** Plain WS port; 0 = any free port. */
  wsPort: number;
  /** WSS port; 0 = any free port. */
  wssPort: number;
  tls: { cert: string; key: string };
  onMessage(message: SipMessage, connection: SipConnection): void;
  /** A frame that is not SIP, or one whose handling failed (logged by the caller). */
  onGarbage?(text: string, connection: SipConnection, error?: Error): void;
  log?(line: string): void;
}

export interface WsEndpoint {
  wsUrl: string;
  wssUrl: string;
  /** Drops every connection and stops listening (connections refused) until resume(). */
  pause(): Promise<void>;
  /** Listens again on the same ports (unless a refusal is still in force). */
  resume(): Promise<void>;
  isPaused(): boolean;
  /** Refuses new connections for `ms`, existing ones untouched; listens again by itself. */
  refuse(ms: number): Promise<void>;
  /** When the refusal in force ends (epoch ms), if one is. */
  refusingUntil(): number | undefined;
  /** Connections whose socket is still there (open or half-open), oldest first. */
  connections(): WsConnection[];
  /** Drops every connection the way `mode` says. */
  dropAll(mode: DropMode): void;
  close(): Promise<void>;
}

export async function startWsEndpoint(options: WsEndpointOptions): Promise<WsEndpoint> {
  const plain = createHttpServer(refuseHttp);
  const secure = createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, refuseHttp);
  const plainEntry = { server: plain as HttpServer, transport: 'ws' as const, port: options.wsPort };
  const secureEntry = { server: secure as HttpServer, transport: 'wss' as const, port: options.wssPort };
  const servers = [plainEntry, secureEntry];
  const live = new Set<WsConnection>();
  const onFrame = (text: string, connection: SipConnection): void => {
    try {
      const message = parseSipMessage(text);
      if (message) options.onMessage(message, connection);
      else options.onGarbage?.(text, connection);
    } catch (error) {
      // Nothing a peer sends may take the simulator or this socket down.
      options.onGarbage?.(text, connection, error instanceof Error ? error : new Error(String(error)));
    }
  };
  const wsServers = servers.map(({ server, transport }) => {
    const wss = new WebSocketServer({
      server,
      path: '/ws',
      // A SIP message is a few KiB; refuse absurd frames.
      maxPayload: 256 * 1024,
      // Pings are answered by WsConnection while open, so a half-open connection stays silent.
      autoPong: false,
      handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false),
    });
    wss.on('connection', (socket, request) => {
      const entry = new WsConnection(socket, transport, request.socket.remoteAddress ?? '', request.socket.remotePort ?? 0, {
        onFrame,
        onSocketClosed: (gone) => live.delete(gone),
      });
      live.add(entry);
    });
    return wss;
  });
  await Promise.all(servers.map(({ server, port }) => listen(server, port, options.host)));
  // Fixed from now on, so that listening again happens where clients were told to connect.
  for (const entry of servers) entry.port = (entry.server.address() as AddressInfo).port;
  const dropAll = (mode: DropMode): void => {
    for (const entry of [...live]) entry.drop(mode);
  };
  const gate = new ListenerGate(
    {
      listen: async () => {
        await Promise.all(servers.map(({ server, port }) => listen(server, port, options.host)));
      },
      // close() stops accepting at once; its callback waits for every accepted socket, so it is not awaited.
      stopListening: async () => {
        for (const { server } of servers) server.close();
      },
    },
    (error) => options.log?.(`sip: listening again failed: ${error.message}`),
  );
  return {
    wsUrl: `ws://${options.host}:${plainEntry.port}/ws`,
    wssUrl: `wss://${options.host}:${secureEntry.port}/ws`,
    async pause() {
      await gate.pause();
      dropAll('both');
    },
    resume: () => gate.resume(),
    isPaused: () => gate.isPaused(),
    refuse: (ms) => gate.refuse(ms),
    refusingUntil: () => gate.refusingUntilMs(),
    connections: () => [...live].filter((entry) => entry.state !== 'closed'),
    dropAll,
    async close() {
      await gate.close();
      dropAll('both');
      await Promise.all(wsServers.map((wss) => new Promise<void>((resolve) => wss.close(() => resolve()))));
      for (const { server } of servers) server.closeAllConnections();
    },
  };
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
