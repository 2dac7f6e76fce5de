/**
 * A fake SIP transport plus a tiny scripted registrar, so the phone's
 * signalling runs in Node without a socket (like sip.js's own
 * transport-fake). The phone's UserAgent constructs `FakeTransport` through
 * `transportConstructor`; the test talks to the `FakeSipServer` behind it.
 */
import { createHash } from 'node:crypto';
import { Core, TransportState, type Emitter } from 'sip.js';
import type { ConnectionEnd, LiveTransport } from '../../../renderer/src/phone/connection/ws-transport';

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

type Listener<T> = (data: T) => void;

class SimpleEmitter<T> implements Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  addListener(l: Listener<T>, options?: { once?: boolean }): void {
    if (options?.once) {
      const once: Listener<T> = (d) => {
        this.listeners.delete(once);
        l(d);
      };
      this.listeners.add(once);
    } else this.listeners.add(l);
  }
  removeListener(l: Listener<T>): void {
    this.listeners.delete(l);
  }
  on(l: Listener<T>): void {
    this.addListener(l);
  }
  off(l: Listener<T>): void {
    this.removeListener(l);
  }
  once(l: Listener<T>): void {
    this.addListener(l, { once: true });
  }
  emit(d: T): void {
    for (const l of [...this.listeners]) l(d);
  }
}

const logger = new Core.LoggerFactory();
logger.builtinEnabled = false;
const parserLog = logger.getLogger('test.parser');

export type RegisterAnswer = { status: number; reason: string; headers?: string };

export class FakeSipServer {
  transport: FakeTransport | null = null;
  /** Everything the phone sent, parsed. */
  readonly received: Core.IncomingRequestMessage[] = [];
  readonly responses: Core.IncomingResponseMessage[] = [];
  /** How to answer REGISTER (default 200 OK). */
  registerAnswer: RegisterAnswer = { status: 200, reason: 'OK' };
  /** Answer REGISTER at all (false: the request is swallowed, as on a dying socket). */
  answerRegister = true;
  /** Refuse connections (as a server that is down). */
  refuseConnections = false;
  connects = 0;
  /** When set, REGISTER must carry a valid digest for this HA1 (realm asterisk). */
  challengeHa1: string | null = null;
  readonly digestResults: boolean[] = [];
  /** Answer the phone's BYE (false: silence, as when signalling is gone). */
  answerBye = true;
  /** Answer CRLF keep-alive pings with a pong (RFC 5626), as Asterisk and the simulator do. */
  answerPings = true;
  /** The connection is half-open: whatever the phone sends is lost and nothing comes back, until it reconnects. */
  halfOpen = false;
  /** How to answer a re-INVITE (default 200 with SDP); e.g. 481 when the platform no longer has the call, null = no answer. */
  reinviteAnswer: { status: number; reason: string } | null = { status: 200, reason: 'OK' };
  pings = 0;
  /** Requests a test double takes over (fake-pbx.ts: the phone's own INVITEs, REFER, CANCEL); true = handled. */
  intercept: ((msg: Core.IncomingRequestMessage) => boolean) | null = null;
  private seq = 0;
  /** The next CSeq of the server's side of each dialog (its INVITE used 1). */
  private readonly cseqs = new Map<string, number>();

  /** Called by the phone's sip.js for each message it sends. */
  handle(text: string): void {
    const msg = Core.Parser.parseMessage(text, parserLog);
    if (msg instanceof Core.IncomingResponseMessage) {
      this.responses.push(msg);
      if (msg.method === 'INVITE' && (msg.statusCode ?? 0) >= 200 && (msg.statusCode ?? 0) < 300) this.ack(msg);
      return;
    }
    if (!(msg instanceof Core.IncomingRequestMessage)) return;
    this.received.push(msg);
    if (this.intercept?.(msg)) return;
    if (msg.method === 'REGISTER' && this.answerRegister) {
      if (this.challengeHa1 !== null && !this.digestOk(msg, this.challengeHa1)) {
        this.reply(msg, 401, 'Unauthorized', `WWW-Authenticate: Digest realm="asterisk", nonce="n${++this.seq}", algorithm=MD5\r\n`);
        return;
      }
      const { status, reason, headers } = this.registerAnswer;
      const contact = status === 200 ? `Contact: ${msg.getHeader('contact') ?? ''};expires=300\r\n` : '';
      this.reply(msg, status, reason, `${contact}${headers ?? ''}`);
    } else if (msg.method === 'BYE' || msg.method === 'OPTIONS') {
      if (this.answerBye || msg.method === 'OPTIONS') this.reply(msg, 200, 'OK');
    } else if (msg.method === 'INVITE') {
      // A re-INVITE (hold/resume/refresh) from the phone: as the test says.
      const answer = this.reinviteAnswer;
      if (!answer) return;
      if (answer.status !== 200) return this.reply(msg, answer.status, answer.reason);
      const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP 0\r\na=recvonly\r\n';
      this.reply(msg, 200, 'OK', `Contact: <sip:asterisk@127.0.0.1:8089;transport=ws>\r\nContent-Type: application/sdp\r\n`, sdp);
    }
  }

  /** Checks a digest Authorization (RFC 2617 without qop) against an HA1, as Asterisk does with md5secret. */
  digestOk(req: Core.IncomingRequestMessage, ha1: string): boolean {
    const auth = req.getHeader('authorization');
    if (!auth) return false;
    const field = (name: string): string => new RegExp(`${name}="?([^",]+)"?`).exec(auth)?.[1] ?? '';
    const ha2 = md5(`${req.method}:${field('uri')}`);
    const ok = field('response') === md5(`${ha1}:${field('nonce')}:${ha2}`) && field('realm') === 'asterisk';
    this.digestResults.push(ok);
    return ok;
  }

  /** ACK for the phone's 200 OK to our INVITE. */
  private ack(res: Core.IncomingResponseMessage): void {
    const contact = /<([^>]+)>/.exec(res.getHeader('contact') ?? '')?.[1] ?? 'sip:1001@127.0.0.1';
    const cseq = (res.getHeader('cseq') ?? '1 INVITE').split(' ')[0];
    this.deliver(
      `ACK ${contact} SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bKack${++this.seq};rport\r\nMax-Forwards: 70\r\n` +
        `From: ${res.getHeader('from')}\r\nTo: ${res.getHeader('to')}\r\nCall-ID: ${res.callId}\r\nCSeq: ${cseq} ACK\r\nContent-Length: 0\r\n\r\n`,
    );
  }

  /** Sends BYE for a call the phone answered (the customer hangs up). */
  bye(callId: string): void {
    const ok = this.responses.find((r) => r.callId === callId && r.method === 'INVITE' && r.statusCode === 200);
    if (!ok) throw new Error(`no established call ${callId}`);
    const contact = /<([^>]+)>/.exec(ok.getHeader('contact') ?? '')?.[1] ?? 'sip:1001@127.0.0.1';
    this.deliver(
      `BYE ${contact} SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bKbye${++this.seq};rport\r\nMax-Forwards: 70\r\n` +
        `From: ${ok.getHeader('from')}\r\nTo: ${ok.getHeader('to')}\r\nCall-ID: ${callId}\r\nCSeq: ${this.nextCseq(callId)} BYE\r\nContent-Length: 0\r\n\r\n`,
    );
  }

  /** CANCEL for a ringing call (the customer gives up; with `reason`, an RFC 3326 Reason such as `Q.850;cause=19`). */
  cancel(callId: string, reason?: string): void {
    this.deliver(
      `CANCEL sip:1001@127.0.0.1;transport=ws SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bK${callId};rport\r\nMax-Forwards: 70\r\n` +
        `From: "Customer" <sip:17410632@127.0.0.1>;tag=c${callId}\r\nTo: <sip:1001@127.0.0.1>\r\nCall-ID: ${callId}\r\nCSeq: 1 CANCEL\r\n` +
        `${reason ? `Reason: ${reason}\r\n` : ''}Content-Length: 0\r\n\r\n`,
    );
  }

  reply(req: Core.IncomingRequestMessage, status: number, reason: string, extra = '', body = ''): void {
    const vias = req.getHeaders('via').map((v) => `Via: ${v}\r\n`).join('');
    const to = req.getHeader('to') ?? '';
    const text =
      `SIP/2.0 ${status} ${reason}\r\n${vias}From: ${req.getHeader('from')}\r\n` +
      `To: ${to.includes('tag=') ? to : `${to};tag=srv${++this.seq}`}\r\n` +
      `Call-ID: ${req.callId}\r\nCSeq: ${req.getHeader('cseq')}\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`;
    this.deliver(text);
  }

  /** Sends an INVITE to the phone's AOR (user 1001) with the given extra headers (`displayName` null: a From without one). Returns its Call-ID. */
  invite(headers: Record<string, string>, from = '17410632', displayName: string | null = 'Customer'): string {
    const callId = `call-${++this.seq}`;
    const sdp = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n';
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    this.deliver(
      `INVITE sip:1001@127.0.0.1;transport=ws SIP/2.0\r\n` +
        `Via: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bK${callId};rport\r\nMax-Forwards: 70\r\n` +
        `From: ${displayName === null ? '' : `"${displayName}" `}<sip:${from}@127.0.0.1>;tag=c${callId}\r\nTo: <sip:1001@127.0.0.1>\r\n` +
        `Call-ID: ${callId}\r\nCSeq: 1 INVITE\r\nContact: <sip:asterisk@127.0.0.1:8089;transport=ws>\r\n${extra}` +
        `Content-Type: application/sdp\r\nContent-Length: ${sdp.length}\r\n\r\n${sdp}`,
    );
    return callId;
  }

  /** The next CSeq for a request the server sends in the dialog `callId`. */
  nextCseq(callId: string): number {
    const next = this.cseqs.get(callId) ?? 2;
    this.cseqs.set(callId, next + 1);
    return next;
  }

  /** A fresh number for tags and branches. */
  unique(): number {
    return ++this.seq;
  }

  /** Requests of one method the phone sent. */
  count(method: string): number {
    return this.received.filter((m) => m.method === method).length;
  }

  /** Status codes the phone sent for a call. */
  statusesFor(callId: string): number[] {
    return this.responses.filter((r) => r.callId === callId).map((r) => r.statusCode ?? 0);
  }

  /** The socket drops (server side): without a close frame by default, as a crash or a cut network; `server-going-away` as a graceful shutdown. */
  drop(end: ConnectionEnd = 'dropped'): void {
    this.transport?.serverDrop(end);
  }

  /** Sends a message to the phone. */
  deliver(text: string): void {
    // Asynchronously, like a socket; a half-open connection delivers nothing.
    if (this.halfOpen) return;
    queueMicrotask(() => this.transport?.receive(text));
  }
}

/** A transport whose liveness the phone can check (ws-transport.ts's LiveTransport), over the fake server. */
export class FakeTransport implements LiveTransport {
  readonly protocol = 'WS';
  pongSeen: boolean | null = null;
  lastFrameAt: number | null = null;
  lastEnd: ConnectionEnd | null = null;
  /** Why the phone gave connections up (abandon), in order. */
  readonly abandoned: string[] = [];
  onConnect: (() => void) | undefined;
  onDisconnect: ((error?: Error) => void) | undefined;
  onMessage: ((message: string) => void) | undefined;
  private current: TransportState = TransportState.Disconnected;
  private readonly changes = new SimpleEmitter<TransportState>();
  private readonly server: FakeSipServer;

  constructor(_logger: unknown, options: { server: FakeSipServer }) {
    this.server = options.server;
    this.server.transport = this;
  }

  get state(): TransportState {
    return this.current;
  }
  get stateChange(): Emitter<TransportState> {
    return this.changes;
  }
  isConnected(): boolean {
    return this.current === TransportState.Connected;
  }
  async connect(): Promise<void> {
    this.server.connects += 1;
    if (this.server.refuseConnections) throw new Error('connection refused');
    this.server.halfOpen = false; // a new connection is a whole one
    this.pongSeen = null;
    this.set(TransportState.Connected);
    this.onConnect?.();
  }
  ping(timeoutMs: number): Promise<boolean> {
    if (!this.isConnected()) return Promise.resolve(false);
    this.server.pings += 1;
    if (this.server.halfOpen || !this.server.answerPings) return new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs));
    return new Promise((resolve) =>
      queueMicrotask(() => {
        this.pongSeen = true;
        this.lastFrameAt = Date.now();
        resolve(true);
      }),
    );
  }
  abandon(reason: string): void {
    this.abandoned.push(reason);
    this.serverDrop('given-up');
  }
  /** A frame from the server. */
  receive(text: string): void {
    this.lastFrameAt = Date.now();
    this.onMessage?.(text);
  }
  async disconnect(): Promise<void> {
    if (this.current === TransportState.Disconnected) return;
    this.set(TransportState.Disconnected);
    this.onDisconnect?.();
  }
  async dispose(): Promise<void> {
    await this.disconnect();
  }
  async send(message: string): Promise<void> {
    if (!this.isConnected()) throw new Error('not connected');
    if (!this.server.halfOpen) this.server.handle(message);
  }
  serverDrop(end: ConnectionEnd = 'dropped'): void {
    if (this.current === TransportState.Disconnected) return;
    this.lastEnd = end;
    this.set(TransportState.Disconnected);
    this.onDisconnect?.(new Error('socket closed by the server'));
  }
  private set(s: TransportState): void {
    this.current = s;
    this.changes.emit(s);
  }
}
