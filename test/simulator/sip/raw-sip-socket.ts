// A bare SIP-over-WebSocket client for the outage tests: it sees every frame
// (keep-alive pongs included), so a test can tell "no answer" from "an answer",
// and registers with digest itself (HA1, realm asterisk, qop=auth).
import { createHash, randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export class RawSipSocket {
  readonly frames: string[] = [];
  private readonly waiters = new Set<() => void>();
  readonly contactUser = `raw${randomBytes(3).toString('hex')}`;
  private cseq = 1;
  private readonly callId = `${randomBytes(8).toString('hex')}@raw.invalid`;
  private readonly fromTag = randomBytes(4).toString('hex');

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(String(data));
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** Opens a WebSocket with subprotocol `sip`; rejects with the socket error (e.g. ECONNREFUSED). */
  static open(url: string): Promise<RawSipSocket> {
    const socket = new WebSocket(url, 'sip');
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawSipSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string): void {
    this.socket.send(text);
  }

  /** The first frame after index `from` that `match` accepts, within `timeoutMs`; undefined when none came. */
  async next(match: (frame: string) => boolean, timeoutMs: number, from = 0): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** A REGISTER for `phone` (no credentials unless given). */
  registerRequest(phone: string, authorization?: string): string {
    return sipRequest('REGISTER', 'sip:127.0.0.1', [
      `To: <sip:${phone}@127.0.0.1>`,
      `From: <sip:${phone}@127.0.0.1>;tag=${this.fromTag}`,
      `Call-ID: ${this.callId}`,
      `CSeq: ${this.cseq++} REGISTER`,
      `Contact: <sip:${this.contactUser}@raw.invalid;transport=ws>;expires=300`,
      ...(authorization ? [`Authorization: ${authorization}`] : []),
    ]);
  }

  /** Registers `phone` with its HA1 (401 challenge, then digest); resolves with the final status. */
  async register(phone: string, ha1: string): Promise<number> {
    const from = this.frames.length;
    this.send(this.registerRequest(phone));
    const challenge = await this.next((f) => / 401 /.test(f.split('\r\n')[0] ?? ''), 5_000, from);
    const nonce = /nonce="([^"]+)"/.exec(challenge ?? '')?.[1];
    if (!nonce) throw new Error(`REGISTER got no 401 challenge: ${challenge ?? 'no answer'}`);
    const cnonce = randomBytes(4).toString('hex');
    const uri = 'sip:127.0.0.1';
    const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${md5(`REGISTER:${uri}`)}`);
    const authorization = `Digest username="${phone}", realm="asterisk", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5, qop=auth, nc=00000001, cnonce="${cnonce}"`;
    const second = this.frames.length;
    const cseq = this.cseq;
    this.send(this.registerRequest(phone, authorization));
    const final = await this.next((f) => /^SIP\/2\.0 [2-6]\d\d /.test(f) && f.includes(`CSeq: ${cseq} REGISTER`), 5_000, second);
    return Number(/^SIP\/2\.0 (\d{3})/.exec(final ?? '')?.[1] ?? 0);
  }

  close(): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** A request with Via and Max-Forwards added, `headers` as given, no body. */
export function sipRequest(method: string, ruri: string, headers: string[]): string {
  const via = `Via: SIP/2.0/WS raw.invalid;branch=z9hG4bK${randomBytes(6).toString('hex')}`;
  return [`${method} ${ruri} SIP/2.0`, via, 'Max-Forwards: 70', ...headers, 'Content-Length: 0', '', ''].join('\r\n');
}

/** The status line's code of a SIP response frame, or undefined for anything else. */
export function statusOf(frame: string | undefined): number | undefined {
  const code = /^SIP\/2\.0 (\d{3}) /.exec(frame ?? '')?.[1];
  return code === undefined ? undefined : Number(code);
}
