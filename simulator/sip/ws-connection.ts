// One agent's SIP-over-WebSocket connection as the simulator sees it.
//
//   open ──the socket closes, or drop('both') (TCP socket destroyed) / drop('close') (close frame 1001)──▶ closed
//    │
//    └──drop('half-open')──▶ half-open ──the agent closes the socket (handled quietly)──▶ closed
//
// Half-open: the simulator's side of the connection is dead while the agent's
// side still looks open, as when a server's end of a TCP connection died.
// Every frame from the agent is discarded, nothing is sent (WebSocket pings
// and CRLF keep-alives go unanswered), and for the registrar and the
// originator the connection is closed (`isOpen()` false, close listeners
// called). Only a keep-alive that expects an answer finds out.
import type { WebSocket } from 'ws';
import type { SipConnection } from './sip-connection';

export type ConnectionState = 'open' | 'half-open' | 'closed';
/** `both`: destroy the TCP socket; `half-open`: forget it silently; `close`: a WebSocket close (1001), as at a graceful shutdown. */
export type DropMode = 'both' | 'half-open' | 'close';

export interface ConnectionInfo {
  id: string;
  transport: 'ws' | 'wss';
  remoteAddress: string;
  remotePort: number;
  state: Exclude<ConnectionState, 'closed'>;
  openedAt: string;
}

export interface WsConnectionHandlers {
  /** One text frame from an open connection (not a keep-alive). */
  onFrame(text: string, connection: SipConnection): void;
  /** The socket is gone for good (after any state). */
  onSocketClosed(entry: WsConnection): void;
}

let nextConnectionId = 1;

export class WsConnection {
  readonly connection: SipConnection;
  readonly openedAt = new Date();
  private current: ConnectionState = 'open';
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly socket: WebSocket,
    transport: 'ws' | 'wss',
    remoteAddress: string,
    remotePort: number,
    handlers: WsConnectionHandlers,
  ) {
    this.connection = {
      id: `${transport}-${nextConnectionId++}`,
      transport,
      remoteAddress,
      remotePort,
      send: (text) => {
        if (this.isOpen()) socket.send(text);
      },
      isOpen: () => this.isOpen(),
      onClose: (listener) => {
        if (this.current === 'open') this.closeListeners.push(listener);
        else listener();
      },
    };
    socket.on('message', (data, isBinary) => {
      if (this.current !== 'open') return;
      const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data);
      // RFC 5626 keep-alive: a double CRLF ping gets a CRLF pong.
      if (text.trim() === '') {
        if (text === '\r\n\r\n') this.connection.send('\r\n');
        return;
      }
      handlers.onFrame(text, this.connection);
    });
    // The server is built with autoPong off, so that a half-open connection stays silent.
    socket.on('ping', (data) => {
      if (this.isOpen()) socket.pong(data);
    });
    socket.on('close', () => {
      this.current = 'closed';
      this.fireClose();
      handlers.onSocketClosed(this);
    });
    socket.on('error', () => socket.terminate());
  }

  get state(): ConnectionState {
    return this.current;
  }

  info(): ConnectionInfo | undefined {
    if (this.current === 'closed') return undefined;
    const { id, transport, remoteAddress, remotePort } = this.connection;
    return { id, transport, remoteAddress, remotePort, state: this.current, openedAt: this.openedAt.toISOString() };
  }

  drop(mode: DropMode): void {
    if (this.current === 'closed') return;
    if (mode === 'half-open') {
      if (this.current !== 'open') return;
      this.current = 'half-open';
      this.fireClose();
      return;
    }
    if (mode === 'close' && this.current === 'open') this.socket.close(1001, 'platform restarting');
    else this.socket.terminate();
  }

  private isOpen(): boolean {
    return this.current === 'open' && this.socket.readyState === this.socket.OPEN;
  }

  private fireClose(): void {
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
