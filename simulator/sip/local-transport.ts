// A sip.js Transport that keeps the call originator in-process with the
// registrar: requests go to the WebSocket of the binding their Request-URI
// names, responses and in-dialog traffic to the connection that owns the
// Call-ID. With an external SIP server (issue 7) the originator uses sip.js's
// own WebSocket transport instead and nothing else changes.
import { EmitterImpl, TransportState, type Core, type Transport } from 'sip.js';
import type { SipConnection } from './sip-connection';
import { parseSipMessage } from './sip-message';

export interface LocalTransportOptions {
  /** The live connection whose registered Contact is `uri`, if any. */
  resolveContact(uri: Core.URI): SipConnection | undefined;
}

/** Forgets a Call-ID route this long after the last message (retransmissions end well before). */
const ROUTE_IDLE_MS = 5 * 60_000;

export class LocalTransport implements Transport {
  readonly protocol = 'WS';
  readonly stateChange = new EmitterImpl<TransportState>();
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;
  private current = TransportState.Disconnected;
  private readonly routes = new Map<string, { connection: SipConnection; lastUsed: number }>();
  private readonly options: LocalTransportOptions;
  private readonly watched = new WeakSet<SipConnection>();
  /** Called for each Call-ID routed over a connection that closed. */
  onRouteLost: ((callId: string) => void) | undefined;

  // sip.js constructs transports as `new transportConstructor(logger, transportOptions)`.
  constructor(_logger: unknown, options: LocalTransportOptions) {
    this.options = options;
  }

  get state(): TransportState {
    return this.current;
  }

  async connect(): Promise<void> {
    this.transition(TransportState.Connected);
    this.onConnect?.();
  }

  async disconnect(): Promise<void> {
    this.transition(TransportState.Disconnected);
    this.onDisconnect?.();
  }

  async dispose(): Promise<void> {
    this.routes.clear();
    await this.disconnect();
  }

  isConnected(): boolean {
    return this.current === TransportState.Connected;
  }

  async send(text: string): Promise<void> {
    const message = parseSipMessage(text);
    if (!message) throw new Error('Sending a SIP message failed: the originator produced text that does not parse as SIP.');
    const callId = message.kind === 'request' ? message.request.callId : message.response.callId;
    let connection = this.routes.get(callId)?.connection;
    if (!connection && message.kind === 'request' && message.request.ruri) {
      connection = this.options.resolveContact(message.request.ruri);
    }
    if (!connection?.isOpen()) {
      throw new Error(`Sending a SIP ${message.kind} failed: the agent's WebSocket for this call is gone.`);
    }
    this.remember(callId, connection);
    connection.send(text);
  }

  /** Whether traffic with this Call-ID belongs to the originator. */
  owns(callId: string): boolean {
    return this.routes.has(callId);
  }

  /** A message from an agent's connection for one of the originator's calls. */
  deliver(callId: string, text: string, connection: SipConnection): void {
    this.remember(callId, connection);
    this.onMessage?.(text);
  }

  private remember(callId: string, connection: SipConnection): void {
    const now = Date.now();
    this.routes.set(callId, { connection, lastUsed: now });
    if (!this.watched.has(connection)) {
      this.watched.add(connection);
      connection.onClose(() => this.connectionClosed(connection));
    }
    for (const [id, route] of this.routes) {
      if (now - route.lastUsed > ROUTE_IDLE_MS || !route.connection.isOpen()) this.routes.delete(id);
    }
  }

  private connectionClosed(connection: SipConnection): void {
    for (const [callId, route] of [...this.routes]) {
      if (route.connection !== connection) continue;
      this.routes.delete(callId);
      this.onRouteLost?.(callId);
    }
  }

  private transition(state: TransportState): void {
    if (state === this.current) return;
    this.current = state;
    this.stateChange.emit(state);
  }
}
