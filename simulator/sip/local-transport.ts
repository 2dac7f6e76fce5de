// A sip.js Transport that keeps the call originator in-process with the
// registrar. Like Asterisk's WebSocket transport, a dialog is tied to a
// connection, not to the agent: Asterisk rewrites every Contact that arrives
// over a WebSocket to that connection's source address and cannot open a
// WebSocket towards an agent, so
//   - the first INVITE goes to the connection of the binding its Request-URI names;
//   - in-dialog requests (ACK, BYE, INFO, re-INVITE, CANCEL) go to the
//     connection of the dialog's remote target: the one that carried the
//     agent's answer or its last target refresh (re-INVITE/UPDATE);
//   - responses go back on the connection that carried the request;
//   - when that connection is gone, sending fails (a transport error): a newer
//     connection of the same agent is not used until the agent refreshes the
//     target with a re-INVITE over it;
//   - when it closes, the originator hears of each call it carried
//     (`onCarrierClosed`): the platform's INVITE still unanswered there fails,
//     as pjsip ends a client transaction whose transport went (503).
//
// Routes, one per Call-ID:
//   (none) ──first INVITE to binding B──▶ target = last = B
//   target ──re-INVITE/UPDATE, or 1xx/2xx to INVITE with Contact, over C──▶ target = C
//   last   ──any message over C──▶ last = C
//   forgotten a minute after the originator no longer has a live call with it.
//
// With an external SIP server (issue 7) the originator uses a WebSocket client
// transport instead and nothing else changes.
import { EmitterImpl, TransportState, type Core, type Transport } from 'sip.js';
import type { SipConnection } from './sip-connection';
import { parseSipMessage, type SipMessage } from './sip-message';

export interface LocalTransportOptions {
  /** The live connection whose registered Contact is `uri`, if any. */
  resolveContact(uri: Core.URI): SipConnection | undefined;
  /** Whether the originator still has a live call with this Call-ID (its route is kept however idle). */
  isCallLive?(callId: string): boolean;
  /** The connection carrying this call's dialog closed. */
  onCarrierClosed?(callId: string): void;
  now?(): number;
}

interface Route {
  /** Where requests of the dialog go (the dialog's remote target). */
  target: SipConnection;
  /** Where responses go (the connection of the agent's latest message). */
  last: SipConnection;
  lastUsed: number;
}

/** How long the route of a call that is over is kept, for late responses (WebSocket is reliable: no retransmissions). */
export const ENDED_ROUTE_KEPT_MS = 60_000;

export class LocalTransport implements Transport {
  readonly protocol = 'WS';
  readonly stateChange = new EmitterImpl<TransportState>();
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;
  private current = TransportState.Disconnected;
  private readonly routes = new Map<string, Route>();
  private readonly losing = new Map<string, string>();
  /** Connections whose close is watched (one listener each, however many calls they carry). */
  private readonly watched = new WeakSet<SipConnection>();
  private readonly options: LocalTransportOptions;
  private readonly now: () => number;

  // sip.js constructs transports as `new transportConstructor(logger, transportOptions)`.
  constructor(_logger: unknown, options: LocalTransportOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
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
    const callId = callIdOf(message);
    // A request the test declared lost leaves as if sent and never arrives (a packet lost on the way).
    if (message.kind === 'request' && this.losing.get(callId) === message.request.method) {
      this.losing.delete(callId);
      return;
    }
    const what = message.kind === 'request' ? `${message.request.method} request` : `response to ${message.response.method}`;
    const route = this.routes.get(callId);
    let connection: SipConnection | undefined;
    if (route) connection = message.kind === 'request' ? route.target : route.last;
    else if (message.kind === 'request' && message.request.ruri) connection = this.options.resolveContact(message.request.ruri);
    if (!connection) throw new Error(`Sending a SIP ${what} failed: no route to the agent (no registered connection has that Contact).`);
    if (!connection.isOpen()) {
      throw new Error(
        `Sending a SIP ${what} failed: the agent's WebSocket that carries this call (${connection.id}) is gone, ` +
          'and a platform cannot open a WebSocket towards an agent.',
      );
    }
    const now = this.now();
    if (route) route.lastUsed = now;
    else this.routes.set(callId, { target: connection, last: connection, lastUsed: now });
    this.watch(connection);
    connection.send(text);
    this.forgetEnded(now);
  }

  /** The next `method` request of this call is lost on its way to the agent (`POST /__sim/calls/<guid>/hangup {byeLost}`). */
  loseNext(callId: string, method: string): void {
    this.losing.set(callId, method);
  }

  /** The connection that carries the dialog `callId` now (its remote target's), if the originator has a route for it. */
  carrierOf(callId: string): SipConnection | undefined {
    return this.routes.get(callId)?.target;
  }

  /** Whether traffic with this Call-ID belongs to the originator (it sent or received some). */
  knows(callId: string): boolean {
    return this.routes.has(callId);
  }

  /** A message from an agent's connection for one of the originator's calls. */
  deliver(message: SipMessage, connection: SipConnection): void {
    const callId = callIdOf(message);
    const now = this.now();
    const route = this.routes.get(callId);
    if (!route) this.routes.set(callId, { target: connection, last: connection, lastUsed: now });
    else {
      route.last = connection;
      route.lastUsed = now;
      if (refreshesTarget(message)) route.target = connection;
    }
    this.watch(connection);
    this.onMessage?.(message.kind === 'request' ? message.request.data : message.response.data);
    this.forgetEnded(now);
  }

  private watch(connection: SipConnection): void {
    if (this.watched.has(connection)) return;
    this.watched.add(connection);
    connection.onClose(() => {
      for (const [callId, route] of this.routes) if (route.target === connection) this.options.onCarrierClosed?.(callId);
    });
  }

  private forgetEnded(now: number): void {
    for (const [callId, route] of this.routes) {
      if (now - route.lastUsed > ENDED_ROUTE_KEPT_MS && !this.options.isCallLive?.(callId)) this.routes.delete(callId);
    }
  }

  private transition(state: TransportState): void {
    if (state === this.current) return;
    this.current = state;
    this.stateChange.emit(state);
  }
}

function callIdOf(message: SipMessage): string {
  return message.kind === 'request' ? message.request.callId : message.response.callId;
}

/** RFC 3261 §12.2: target refresh requests, and the agent's provisional/2xx answers to an INVITE, set the remote target. */
function refreshesTarget(message: SipMessage): boolean {
  if (message.kind === 'request') {
    return (message.request.method === 'INVITE' || message.request.method === 'UPDATE') && message.request.hasHeader('contact');
  }
  const { response } = message;
  const status = response.statusCode ?? 0;
  return response.method === 'INVITE' && status > 100 && status < 300 && response.hasHeader('contact');
}
