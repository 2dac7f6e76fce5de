/**
 * The platform's side of transfers and the phone's own calls, scripted, on
 * top of the fake SIP server: it answers the phone's INVITEs (401 challenge,
 * 180/183, then 200 with SDP or a failure, or keeps ringing until the test
 * answers), its CANCEL (200 + 487) and its REFER (202, 603, 200 with
 * Refer-Sub: false, or no answer at all), and sends NOTIFYs and BYEs in any
 * dialog, in any order and at any time the test chooses. Everything the phone
 * sends stays in `server.received` / `server.responses`.
 */
import type { Core } from 'sip.js';
import type { FakeSipServer } from './fake-sip-server';

export interface CalleeScript {
  /** Challenge each new INVITE with 401 first (sip.js answers with the phone's HA1). */
  readonly challenge: boolean;
  /** Provisional answers sent at once, in order (e.g. [180]). */
  readonly provisional: readonly number[];
  /** The final answer (200 comes with SDP); null: it rings until the test calls answerCall(). */
  readonly final: number | null;
}

export interface ReferScript {
  readonly status: number;
  readonly reason: string;
  /** Put `Refer-Sub: false` in the answer (RFC 4488: no NOTIFY will follow). */
  readonly referSub?: false;
}

/** The server's side of a dialog: what its requests to the phone carry. */
interface ServerDialog {
  readonly from: string;
  readonly to: string;
  readonly target: string;
}

const SDP = 'v=0\r\no=- 3 3 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4002 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n';
const CONTACT = 'Contact: <sip:asterisk@127.0.0.1:8089;transport=ws>\r\n';
const contactUri = (header: string | undefined): string => /<([^>]+)>/.exec(header ?? '')?.[1] ?? 'sip:1001@127.0.0.1';

export class FakePbx {
  callee: CalleeScript = { challenge: false, provisional: [180], final: 200 };
  /** null: the REFER gets no answer at all. */
  refer: ReferScript | null = { status: 202, reason: 'Accepted' };
  /** The phone's INVITEs for new calls (after any challenge) and REFERs, in order. */
  readonly invites: Core.IncomingRequestMessage[] = [];
  readonly refers: Core.IncomingRequestMessage[] = [];
  /** Whether each challenged INVITE carried a valid digest for the phone's HA1. */
  readonly digests: boolean[] = [];
  /** The PBX's tag of each call the phone placed (the to-tag of a Replaces naming it). */
  readonly tags = new Map<string, string>();
  private readonly pending = new Map<string, { readonly invite: Core.IncomingRequestMessage; readonly tag: string }>();
  private readonly dialogs = new Map<string, ServerDialog>();

  constructor(
    private readonly server: FakeSipServer,
    private readonly ha1: string,
  ) {
    server.intercept = (msg) => this.take(msg);
  }

  /** Answers a ringing call the phone placed (200 with SDP, or a failure status). */
  answerCall(callId: string, status = 200, reason = status === 200 ? 'OK' : 'Failed'): void {
    const ringing = this.pending.get(callId);
    if (!ringing) throw new Error(`no ringing call ${callId}`);
    this.pending.delete(callId);
    const { invite, tag } = ringing;
    if (status !== 200) return this.respond(invite, status, reason, tag);
    this.respond(invite, 200, 'OK', tag, `${CONTACT}Content-Type: application/sdp\r\n`, SDP);
    this.dialogs.set(callId, { from: `${invite.getHeader('to') ?? ''};tag=${tag}`, to: invite.getHeader('from') ?? '', target: contactUri(invite.getHeader('contact')) });
  }

  /** A NOTIFY in the dialog of `callId` (a call the phone answered or placed). */
  notify(callId: string, body: string, state: 'active' | 'terminated' = 'active', headers: Partial<Record<'Event' | 'Content-Type', string>> = {}): void {
    const subscription = state === 'active' ? 'active;expires=60' : 'terminated;reason=noresource';
    const extra =
      `Event: ${headers.Event ?? 'refer'}\r\nSubscription-State: ${subscription}\r\n` +
      `Content-Type: ${headers['Content-Type'] ?? 'message/sipfrag;version=2.0'}\r\n`;
    this.inDialog(callId, 'NOTIFY', extra, body);
  }

  /** A transfer's progress as Asterisk reports it: `SIP/2.0 <status> <reason>`; final statuses end the subscription. */
  sipfrag(callId: string, status: number, reason: string): void {
    this.notify(callId, `SIP/2.0 ${status} ${reason}\r\n`, status >= 200 ? 'terminated' : 'active');
  }

  /** The far end hangs up (a call the phone answered or placed). */
  bye(callId: string): void {
    this.inDialog(callId, 'BYE', '', '');
  }

  /** The phone's answers to NOTIFYs in a dialog, in order. */
  notifyAnswers(callId: string): number[] {
    return this.server.responses.filter((r) => r.callId === callId && r.method === 'NOTIFY').map((r) => r.statusCode ?? 0);
  }

  private take(msg: Core.IncomingRequestMessage): boolean {
    const inDialog = /;\s*tag=/i.test(msg.getHeader('to') ?? '');
    if (msg.method === 'INVITE' && !inDialog) this.invite(msg);
    else if (msg.method === 'CANCEL') this.cancel(msg);
    else if (msg.method === 'REFER') this.referred(msg);
    else return msg.method === 'ACK';
    return true;
  }

  private invite(invite: Core.IncomingRequestMessage): void {
    if (this.callee.challenge) {
      if (!invite.getHeader('authorization')) {
        return this.respond(invite, 401, 'Unauthorized', `pbx${this.server.unique()}`, `WWW-Authenticate: Digest realm="asterisk", nonce="i${this.server.unique()}", algorithm=MD5\r\n`);
      }
      this.digests.push(this.server.digestOk(invite, this.ha1));
    }
    this.invites.push(invite);
    const tag = `pbx${this.server.unique()}`;
    this.tags.set(invite.callId, tag);
    this.pending.set(invite.callId, { invite, tag });
    for (const status of this.callee.provisional) this.respond(invite, status, status === 180 ? 'Ringing' : 'Session Progress', tag, CONTACT);
    if (this.callee.final !== null) this.answerCall(invite.callId, this.callee.final, reasonOf(this.callee.final));
  }

  private cancel(cancel: Core.IncomingRequestMessage): void {
    this.server.reply(cancel, 200, 'OK');
    const ringing = this.pending.get(cancel.callId);
    if (!ringing) return;
    this.pending.delete(cancel.callId);
    this.respond(ringing.invite, 487, 'Request Terminated', ringing.tag);
  }

  private referred(refer: Core.IncomingRequestMessage): void {
    this.refers.push(refer);
    const answer = this.refer;
    if (answer) this.server.reply(refer, answer.status, answer.reason, answer.referSub === false ? 'Refer-Sub: false\r\n' : '');
  }

  private respond(req: Core.IncomingRequestMessage, status: number, reason: string, tag: string, extra = '', body = ''): void {
    const vias = req.getHeaders('via').map((v) => `Via: ${v}\r\n`).join('');
    this.server.deliver(
      `SIP/2.0 ${status} ${reason}\r\n${vias}From: ${req.getHeader('from')}\r\nTo: ${req.getHeader('to')};tag=${tag}\r\n` +
        `Call-ID: ${req.callId}\r\nCSeq: ${req.getHeader('cseq')}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** A request from the server's side of the dialog `callId`. */
  private inDialog(callId: string, method: string, extra: string, body: string): void {
    const dialog = this.dialogs.get(callId) ?? this.answeredByPhone(callId);
    this.server.deliver(
      `${method} ${dialog.target} SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bK${method.toLowerCase()}${this.server.unique()};rport\r\n` +
        `Max-Forwards: 70\r\nFrom: ${dialog.from}\r\nTo: ${dialog.to}\r\nCall-ID: ${callId}\r\nCSeq: ${this.server.nextCseq(callId)} ${method}\r\n` +
        `${CONTACT}${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** The dialog of a call the server offered and the phone answered (its 200 OK). */
  private answeredByPhone(callId: string): ServerDialog {
    const ok = this.server.responses.find((r) => r.callId === callId && r.method === 'INVITE' && r.statusCode === 200);
    if (!ok) throw new Error(`no established call ${callId}`);
    return { from: ok.getHeader('from') ?? '', to: ok.getHeader('to') ?? '', target: contactUri(ok.getHeader('contact')) };
  }
}

function reasonOf(status: number): string {
  const reasons: Record<number, string> = { 200: 'OK', 404: 'Not Found', 480: 'Temporarily Unavailable', 486: 'Busy Here', 503: 'Service Unavailable', 603: 'Decline' };
  return reasons[status] ?? 'Failed';
}
