// The requests of phones the PBX answers itself, before the platform's sip.js
// user agent sees them:
//   - an out-of-dialog INVITE: digest challenge (invite-auth.ts), then it goes
//     to the user agent with the Request-URI pointed at it, and comes back as an
//     Invitation to route (phone-calls.ts) or to replace a dialog (replaces-invite.ts);
//   - a REFER: out of dialog 501 (Asterisk takes none from phones), in a dialog
//     the transfer desk answers it;
//   - an in-dialog NOTIFY: 481, the platform subscribed to nothing (RFC 6665 §4.1.3).
// Anything else goes on to the user agent (BYE, ACK, CANCEL, re-INVITE, INFO...).
import type { Invitation } from 'sip.js';
import type { AgentEntry } from '../../state/records';
import { tag } from '../registrar';
import type { SipConnection } from '../sip-connection';
import { buildResponse, parseSipMessage, type SipMessage, type SipRequest } from '../sip-message';
import type { InviteAuth } from './invite-auth';
import type { PhoneCalls } from './phone-calls';
import type { ReplacesInvites } from './replaces-invite';
import { reasonOf } from './sip-reasons';
import type { TransferDesk } from './transfer-desk';

/** How long an authenticated INVITE waits to reach the user agent; more than this many wait at most. */
const PENDING_INVITE_MS = 32_000;
const PENDING_INVITES_KEPT = 256;

export interface PhoneRequestsOptions {
  auth: InviteAuth;
  desk: TransferDesk;
  phoneCalls: PhoneCalls;
  replaces: ReplacesInvites;
  /** The user agent's own URI user and host: an INVITE's Request-URI is pointed there (the dialplan read the original). */
  userAgentUri: string;
  /** Hands a request to the platform's user agent, as if it came over `connection`. */
  deliver(message: SipMessage, connection: SipConnection): void;
}

interface PendingInvite {
  caller: AgentEntry;
  targetUser: string;
  replaces?: string;
  at: number;
}

export class PhoneRequests {
  private readonly pending = new Map<string, PendingInvite>();

  constructor(private readonly options: PhoneRequestsOptions) {}

  /** True when the request was answered here (or handed on as an INVITE). */
  handle(request: SipRequest, connection: SipConnection): boolean {
    const inDialog = Boolean(request.toTag);
    if (request.method === 'INVITE' && !inDialog) {
      this.invite(request, connection);
      return true;
    }
    if (request.method === 'REFER') {
      if (inDialog) this.options.desk.onRefer(request, connection);
      else connection.send(buildResponse(request, 501, reasonOf(501), { toTag: tag() }));
      return true;
    }
    if (request.method === 'NOTIFY' && inDialog) {
      connection.send(buildResponse(request, 481, reasonOf(481)));
      return true;
    }
    return false;
  }

  /** The user agent's Invitation for an INVITE let through here. */
  takeInvitation(invitation: Invitation): void {
    const waiting = this.pending.get(invitation.request.callId);
    this.pending.delete(invitation.request.callId);
    if (!waiting) {
      void invitation.reject({ statusCode: 403 }).catch(() => undefined);
      return;
    }
    if (waiting.replaces !== undefined) this.options.replaces.receive(invitation, waiting.caller, waiting.replaces);
    else this.options.phoneCalls.receive(invitation, waiting.caller, waiting.targetUser);
  }

  private invite(request: SipRequest, connection: SipConnection): void {
    const verdict = this.options.auth.check(request);
    if (verdict.kind === 'refused') {
      connection.send(verdict.response);
      return;
    }
    const now = Date.now();
    this.forgetStale(now);
    const replaces = request.getHeader('replaces');
    this.pending.set(request.callId, {
      caller: verdict.agent,
      targetUser: request.ruri?.user ?? '',
      ...(replaces !== undefined ? { replaces } : {}),
      at: now,
    });
    // sip.js takes requests for its own user only: the dialplan has read the Request-URI, the UA gets its own.
    const text = request.data.replace(/^INVITE [^\r\n]* SIP\/2\.0/, `INVITE ${this.options.userAgentUri} SIP/2.0`);
    const rewritten = parseSipMessage(text);
    if (!rewritten) {
      this.pending.delete(request.callId);
      connection.send(buildResponse(request, 400, reasonOf(400), { toTag: tag() }));
      return;
    }
    this.options.deliver(rewritten, connection);
  }

  private forgetStale(now: number): void {
    for (const [callId, waiting] of this.pending) {
      if (now - waiting.at < PENDING_INVITE_MS && this.pending.size < PENDING_INVITES_KEPT) break;
      this.pending.delete(callId);
    }
  }
}
