// A sip.js Transport over the `ws` package, so the originator can be a client
// of an external SIP server (Kamailio, Asterisk) over WS or WSS, trusting a
// given CA (verification stays on) without touching globalThis.WebSocket.
import { EmitterImpl, TransportState, type Transport } from 'sip.js';
import { WebSocket } from 'ws';

export interface NodeWsTransportOptions {
  /** ws:// or wss:// URL of the server's SIP WebSocket. */
  server: string;
  /** PEM of a CA to trust besides the system store (wss only). */
  ca?: string;
  connectionTimeoutMs?: number;
}

export class NodeWsTransport implements Transport {
  readonly protocol: 'WS' | 'WSS';
  readonly stateChange = new EmitterImpl<TransportState>();
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;
  private current = TransportState.Disconnected;
  private socket: WebSocket | undefined;
  private readonly options: NodeWsTransportOptions;

  // sip.js constructs transports as `new transportConstructor(logger, transportOptions)`.
  constructor(_logger: unknown, options: NodeWsTransportOptions) {
    this.options = options;
    this.protocol = options.server.startsWith('wss:') ? 'WSS' : 'WS';
  }

  get state(): TransportState {
    return this.current;
  }

  connect(): Promise<void> {
    if (this.socket) return Promise.resolve();
    this.transition(TransportState.Connecting);
    const socket = new WebSocket(this.options.server, 'sip', {
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      handshakeTimeout: this.options.connectionTimeoutMs ?? 5_000,
    });
    this.socket = socket;
    socket.on('message', (data) => {
      const text = String(data);
      if (text.trim()) this.onMessage?.(text);
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        this.transition(TransportState.Connected);
        this.onConnect?.();
        resolve();
      });
      socket.once('error', (error) => {
        if (this.current === TransportState.Connecting) {
          reject(new Error(`Connecting to the SIP server ${this.options.server} failed: ${error.message}. Check the URL and the CA file.`, { cause: error }));
        }
      });
      socket.once('close', () => {
        const wasConnected = this.current === TransportState.Connected;
        this.socket = undefined;
        this.transition(TransportState.Disconnected);
        if (wasConnected) this.onDisconnect?.(new Error(`The SIP server ${this.options.server} closed the connection.`));
      });
    });
  }

  async disconnect(): Promise<void> {
    const socket = this.socket;
    if (!socket) return;
    this.transition(TransportState.Disconnecting);
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  }

  async dispose(): Promise<void> {
    await this.disconnect();
  }

  isConnected(): boolean {
    return this.current === TransportState.Connected;
  }

  async send(text: string): Promise<void> {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      throw new Error(`Sending to the SIP server ${this.options.server} failed: not connected.`);
    }
    this.socket.send(text);
  }

  private transition(state: TransportState): void {
    if (state === this.current) return;
    this.current = state;
    this.stateChange.emit(state);
  }
}
