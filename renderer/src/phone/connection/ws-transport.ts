/**
 * SIP over WebSocket (RFC 7118) for the phone, used instead of sip.js's own
 * transport for two things that one cannot do:
 * - tell a dead connection from a quiet one: `ping()` sends an RFC 5626 CRLF
 *   keep-alive and resolves `true` as soon as anything arrives on the socket
 *   (the CRLF pong or any SIP message), `false` after its time-out;
 * - let go of a connection at once: `disconnect()` and `abandon()` do not wait
 *   for the WebSocket's closing handshake, which a half-open connection never
 *   completes (Chromium then holds the old socket for about a minute).
 *
 *   Disconnected ──connect()──▶ Connecting ──open──▶ Connected
 *        ▲                          │                    │
 *        └── error / close / time-out ◀──── close, abandon(), disconnect()
 *
 * Events of a socket it has let go of are ignored, so a late `close` of an
 * abandoned socket never touches the new one.
 */
import { EmitterImpl, TransportState, type Transport } from 'sip.js';
import type { Timers } from '../timers';

/** The part of the browser's WebSocket the transport uses (the `ws` package fits it in Node tests). */
export interface SipSocket {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (event: { data?: unknown; code?: number }) => void): void;
}

/**
 * How the last open connection ended, as far as the phone can tell (for the
 * reasons it gives about calls the loss took, call/connection-loss.ts):
 *   server-going-away  the server closed it with 1001/1012 (it shut down or restarts)
 *   server-closed      the server closed it with another code
 *   dropped            no close frame (1006): a crashed server and a cut network look alike
 *   given-up           the phone dropped it (nothing answered its keep-alive)
 */
export type ConnectionEnd = 'server-going-away' | 'server-closed' | 'dropped' | 'given-up';

export type SipSocketFactory = (url: string, protocol: string) => SipSocket;

export interface PhoneTransportOptions {
  readonly server: string;
  /** Give up on opening the socket after this long (seconds). */
  readonly connectionTimeout?: number;
  readonly timers?: Timers;
  /** Makes the socket; default the page's WebSocket. */
  readonly socketFactory?: SipSocketFactory;
  /** Told when a connection is given up (the reason in plain words), for the log. */
  readonly onAbandon?: (reason: string) => void;
  /** Told of every SIP message sent or received (keep-alives left out), for the phone's trace. */
  readonly onMessageTrace?: (direction: 'sent' | 'received', message: string) => void;
}

/** A transport whose liveness the phone can check, and drop at once when it is dead. */
export interface LiveTransport extends Transport {
  /** Sends a CRLF keep-alive; true as soon as anything arrives, false after `timeoutMs` (or when not connected). */
  ping(timeoutMs: number): Promise<boolean>;
  /** Whether a CRLF pong ever arrived on this connection (null: not asked yet). */
  readonly pongSeen: boolean | null;
  /** When the last frame arrived (ms, the timers' clock), or null. */
  readonly lastFrameAt: number | null;
  /** Drops the connection now as lost (onDisconnect gets an error, so the phone reconnects). */
  abandon(reason: string): void;
  /** How the last open connection ended; null while none has. */
  readonly lastEnd?: ConnectionEnd | null;
}

export function isLiveTransport(transport: Transport): transport is LiveTransport {
  return typeof (transport as Partial<LiveTransport>).ping === 'function' && typeof (transport as Partial<LiveTransport>).abandon === 'function';
}

const OPEN = 1;
const CRLF_ONLY = /^(\r\n)+$/;

const pageSocket: SipSocketFactory = (url, protocol) => new WebSocket(url, protocol);

const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

export class PhoneTransport implements LiveTransport {
  readonly protocol: string;
  readonly stateChange = new EmitterImpl<TransportState>();
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;

  private current = TransportState.Disconnected;
  private socket: SipSocket | null = null;
  private connecting: Promise<void> | null = null;
  private frameWaiters: Array<(alive: boolean) => void> = [];
  private pong: boolean | null = null;
  private frameAt: number | null = null;
  private ended: ConnectionEnd | null = null;
  private readonly timers: Timers;
  private readonly makeSocket: SipSocketFactory;

  // sip.js constructs transports as `new transportConstructor(logger, transportOptions)`.
  constructor(
    _logger: unknown,
    private readonly options: PhoneTransportOptions,
  ) {
    const scheme = /^(wss?):\/\//i.exec(options.server)?.[1];
    if (!scheme) throw new Error(`The SIP WebSocket address "${options.server}" is not a ws:// or wss:// address.`);
    this.protocol = scheme.toUpperCase();
    this.timers = options.timers ?? systemTimers;
    this.makeSocket = options.socketFactory ?? pageSocket;
  }

  get state(): TransportState {
    return this.current;
  }

  get pongSeen(): boolean | null {
    return this.pong;
  }

  get lastFrameAt(): number | null {
    return this.frameAt;
  }

  get lastEnd(): ConnectionEnd | null {
    return this.ended;
  }

  isConnected(): boolean {
    return this.current === TransportState.Connected;
  }

  connect(): Promise<void> {
    if (this.current === TransportState.Connected) return Promise.resolve();
    if (this.connecting) return this.connecting;
    this.connecting = this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async disconnect(): Promise<void> {
    this.letGo(undefined);
  }

  async dispose(): Promise<void> {
    this.letGo(undefined);
  }

  abandon(reason: string): void {
    if (this.current === TransportState.Disconnected) return;
    this.options.onAbandon?.(reason);
    if (this.current === TransportState.Connected) this.ended = 'given-up';
    this.letGo(new Error(`The SIP connection was given up: ${reason}.`));
  }

  async send(message: string): Promise<void> {
    const socket = this.socket;
    if (!socket || this.current !== TransportState.Connected || socket.readyState !== OPEN) throw new Error('Not connected.');
    socket.send(message);
    if (!CRLF_ONLY.test(message)) this.options.onMessageTrace?.('sent', message);
  }

  ping(timeoutMs: number): Promise<boolean> {
    if (!this.isConnected()) return Promise.resolve(false);
    return new Promise((resolve) => {
      let settled = false;
      const done = (alive: boolean): void => {
        if (settled) return;
        settled = true;
        this.timers.clearTimeout(timer);
        this.frameWaiters = this.frameWaiters.filter((w) => w !== onFrame);
        resolve(alive);
      };
      const onFrame = (alive: boolean): void => done(alive);
      const timer = this.timers.setTimeout(() => done(false), timeoutMs);
      this.frameWaiters.push(onFrame);
      this.send('\r\n\r\n').catch(() => done(false));
    });
  }

  private open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let socket: SipSocket;
      try {
        socket = this.makeSocket(this.options.server, 'sip');
        socket.binaryType = 'arraybuffer';
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.socket = socket;
      this.pong = null;
      this.frameAt = null;
      this.transition(TransportState.Connecting);
      let opened = false;
      const timeout = this.timers.setTimeout(() => {
        if (this.socket !== socket || opened) return;
        this.letGo(undefined, false);
        reject(new Error(`Connecting to ${this.options.server} timed out.`));
      }, (this.options.connectionTimeout ?? 5) * 1000);
      socket.addEventListener('open', () => {
        if (this.socket !== socket) return;
        opened = true;
        this.timers.clearTimeout(timeout);
        this.transition(TransportState.Connected);
        resolve();
        this.onConnect?.();
      });
      socket.addEventListener('close', (event) => {
        if (this.socket !== socket) return;
        this.timers.clearTimeout(timeout);
        if (!opened) {
          this.letGo(undefined, false);
          reject(new Error(`Could not connect to ${this.options.server}.`));
          return;
        }
        this.ended = closeKind(event.code);
        this.letGo(new Error(`The SIP connection to ${this.options.server} closed.`));
      });
      socket.addEventListener('message', (event) => {
        if (this.socket === socket) this.receive(event.data);
      });
      // An error is followed by close, which does the work.
      socket.addEventListener('error', () => undefined);
    });
  }

  private receive(data: unknown): void {
    this.frameAt = this.timers.now();
    const waiters = this.frameWaiters;
    this.frameWaiters = [];
    const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(new Uint8Array(data)) : '';
    if (CRLF_ONLY.test(text)) this.pong = true;
    else if (text && this.current === TransportState.Connected) {
      this.options.onMessageTrace?.('received', text);
      this.onMessage?.(text);
    }
    for (const waiter of waiters) waiter(true);
  }

  /** Forgets the socket (closing it without waiting) and reports the disconnect. */
  private letGo(error: Error | undefined, report = true): void {
    const socket = this.socket;
    this.socket = null;
    for (const waiter of this.frameWaiters.splice(0)) waiter(false);
    if (socket) {
      try {
        socket.close(1000);
      } catch {
        // Closing a socket that is already closing or failed: nothing more to do.
      }
    }
    if (this.current === TransportState.Disconnected) return;
    const wasConnected = this.current === TransportState.Connected;
    this.transition(TransportState.Disconnected);
    if (report && wasConnected) this.onDisconnect?.(error);
  }

  private transition(state: TransportState): void {
    if (state === this.current) return;
    this.current = state;
    this.stateChange.emit(state);
  }
}

/** A close the server sent (RFC 6455 §7.4.1: 1001 going away, 1012 service restart), or none at all (1006). */
function closeKind(code: number | undefined): ConnectionEnd {
  if (code === 1001 || code === 1012) return 'server-going-away';
  return code === undefined || code === 1006 ? 'dropped' : 'server-closed';
}
