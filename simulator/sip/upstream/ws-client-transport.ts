// A sip.js Transport over the `ws` package that keeps itself connected to an
// external SIP server (RFC 7118, subprotocol `sip`). Node's own WebSocket
// cannot be told to trust a custom CA; this one can, so WSS stays verified.
// connect() starts the connection loop and resolves at once: the state follows
// by `stateChange`/`onConnect`, so the simulator starts even while the server
// is down and finds it again after a restart.
import { EmitterImpl, TransportState, type Transport } from 'sip.js';
import { WebSocket } from 'ws';

export interface WsClientTransportOptions {
  url: string;
  /** Extra CA certificates (PEM) to trust for `wss:` besides the system ones. */
  ca?: string;
  /** First retry after this long, doubling to `retryCapMs`. */
  retryFirstMs?: number;
  retryCapMs?: number;
  /** Stop trying after failing for this long (the state stays Disconnected). */
  giveUpAfterMs?: number;
  /** Connection attempts and failures, for the simulator's stderr. */
  log?(line: string): void;
}

const DEFAULTS = { retryFirstMs: 100, retryCapMs: 2_000, giveUpAfterMs: 10 * 60_000 };
const OPEN_TIMEOUT_MS = 5_000;

export class WsClientTransport implements Transport {
  readonly protocol: string;
  readonly stateChange = new EmitterImpl<TransportState>();
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;
  private current = TransportState.Disconnected;
  private socket: WebSocket | undefined;
  private wanted = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failingSince: number | undefined;
  private attempt = 0;
  private readonly options: Required<Omit<WsClientTransportOptions, 'ca' | 'log'>> & Pick<WsClientTransportOptions, 'ca' | 'log'>;

  // sip.js constructs transports as `new transportConstructor(logger, transportOptions)`.
  constructor(_logger: unknown, options: WsClientTransportOptions) {
    this.options = { ...DEFAULTS, ...options };
    this.protocol = new URL(options.url).protocol === 'wss:' ? 'WSS' : 'WS';
  }

  get state(): TransportState {
    return this.current;
  }

  async connect(): Promise<void> {
    this.wanted = true;
    if (!this.socket) this.open();
  }

  async disconnect(): Promise<void> {
    this.wanted = false;
    this.clearRetry();
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      this.transition(TransportState.Disconnecting);
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(1000);
        setTimeout(() => {
          socket.terminate();
          resolve();
        }, 1_000).unref();
      });
    }
    if (this.current !== TransportState.Disconnected) {
      this.transition(TransportState.Disconnected);
      this.onDisconnect?.();
    }
  }

  async dispose(): Promise<void> {
    await this.disconnect();
  }

  isConnected(): boolean {
    return this.current === TransportState.Connected;
  }

  async send(message: string): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      throw new Error(`Sending a SIP message to ${this.options.url} failed: the WebSocket is not open (the server is down or restarting).`);
    }
    await new Promise<void>((resolve, reject) => socket.send(message, (error) => (error ? reject(error) : resolve())));
  }

  private open(): void {
    this.transition(TransportState.Connecting);
    const socket = new WebSocket(this.options.url, 'sip', {
      handshakeTimeout: OPEN_TIMEOUT_MS,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    });
    this.socket = socket;
    socket.on('open', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.failingSince = undefined;
      this.options.log?.(`upstream: connected to ${this.options.url}`);
      this.transition(TransportState.Connected);
      this.onConnect?.();
    });
    socket.on('message', (data, isBinary) => {
      if (this.socket !== socket) return;
      const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString();
      // A bare CRLF is a keep-alive (RFC 5626), not a SIP message.
      if (text.trim() === '') return;
      this.onMessage?.(text);
    });
    let failure: Error | undefined;
    socket.on('error', (error) => (failure = error));
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      const wasConnected = this.current === TransportState.Connected;
      this.transition(TransportState.Disconnected);
      const error = new Error(`The WebSocket to ${this.options.url} closed (${failure?.message ?? `code ${code}`}).`);
      if (wasConnected) {
        this.options.log?.(`upstream: ${error.message} Reconnecting.`);
        this.onDisconnect?.(error);
      }
      this.scheduleRetry();
    });
  }

  private scheduleRetry(): void {
    if (!this.wanted) return;
    const now = Date.now();
    this.failingSince ??= now;
    if (now - this.failingSince > this.options.giveUpAfterMs) {
      this.options.log?.(`upstream: gave up reaching ${this.options.url} after ${Math.round((now - this.failingSince) / 1000)} s; restart the simulator once the server is back.`);
      return;
    }
    const delay = Math.min(this.options.retryCapMs, this.options.retryFirstMs * 2 ** this.attempt);
    this.attempt += 1;
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.wanted && !this.socket) this.open();
    }, delay);
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private transition(state: TransportState): void {
    if (state === this.current) return;
    this.current = state;
    this.stateChange.emit(state);
  }
}
