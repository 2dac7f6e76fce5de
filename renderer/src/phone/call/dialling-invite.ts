/**
 * A consultation still ringing when the page was reloaded (issue 24): its
 * INVITE has no dialog to take over, and the new page's sip.js has no
 * transaction to CANCEL it with. RFC 3261 §9.1 builds a CANCEL from the
 * INVITE alone (same Request-URI, Call-ID, From with tag, To, CSeq number and
 * top Via branch), and the platform matches it to the INVITE by that branch
 * (§9.2, §17.2.3: Asterisk and sip.js both do), whatever connection carries
 * it. So the old page reports those values, and the new page cancels the
 * call: the target stops ringing instead of answering a call nobody hears.
 */
import { UserAgent, type Inviter } from 'sip.js';
import type { DiallingInvite } from '../../../../common/ipc/live-call';

/** What a CANCEL needs of the INVITE under way, or null before it went out. */
export function diallingInviteOf(inviter: Inviter): DiallingInvite | null {
  const request = inviter.request;
  if (!request.branch) return null;
  return {
    callId: request.callId, fromTag: request.fromTag, branch: request.branch, cseq: request.cseq,
    requestUri: request.ruri.toString(), fromUri: request.fromURI.toString(), toUri: request.toURI.toString(),
  };
}

/** Sends the CANCEL of an INVITE another page sent; true once the platform answered it 200 (it had the INVITE), false otherwise. */
export function cancelDiallingInvite(ua: UserAgent, invite: DiallingInvite, answerMs = 4_000): Promise<boolean> {
  const ruri = UserAgent.makeURI(invite.requestUri);
  const from = UserAgent.makeURI(invite.fromUri);
  const to = UserAgent.makeURI(invite.toUri);
  if (!ruri || !from || !to || !ua.isConnected()) return Promise.resolve(false);
  const core = ua.userAgentCore;
  const message = core.makeOutgoingRequestMessage('CANCEL', ruri, from, to, { callId: invite.callId, fromTag: invite.fromTag, cseq: invite.cseq });
  // As sip.js's own CANCEL does: a branch set on the message is the one its transaction uses.
  message.branch = invite.branch;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), answerMs);
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      resolve(ok);
    };
    try {
      core.request(message, { onAccept: done(true), onReject: done(false) });
    } catch {
      done(false)();
    }
  });
}
