/**
 * The in-dialog requests the phone sends on an established call, each with
 * its outcome as a value. A re-INVITE: hold and resume (the direction), and
 * the refresh after a network loss (is the call still there? with an ICE
 * restart when the media path changed); its options are given per request,
 * never left on the session for the next one. A BYE: answered or not.
 *
 * Outcomes:
 *   accepted   2xx: the far end has the call and the new media description
 *   rejected   a final non-2xx (481 = no such call any more, 408, 491 …)
 *   no-answer  no final answer within `answerMs` (the platform or the path is gone)
 *   not-sent   it could not even be sent (no connection, another re-INVITE under way)
 */
import { RequestPendingError, Web, type Core, type Session } from 'sip.js';
import type { Say } from '../../../../common/i18n/say';
import type { ConnectionLoss } from './connection-loss';
import type { Timers } from '../timers';

export type ReinviteOutcome =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'rejected'; readonly status: number; readonly reason: string }
  | { readonly kind: 'no-answer' }
  | { readonly kind: 'not-sent'; readonly pending: boolean; readonly detail: string };

export interface ReinviteRequest {
  /** Offer `sendonly` (we hold the call) or `sendrecv`. */
  readonly hold: boolean;
  /** New ICE credentials: the far end gathers and checks paths again (the network changed). */
  readonly iceRestart?: boolean;
  readonly answerMs: number;
}

export function reinvite(session: Session, request: ReinviteRequest, timers: Timers): Promise<ReinviteOutcome> {
  const before = session.sessionDescriptionHandlerOptionsReInvite as Web.SessionDescriptionHandlerOptions;
  const options: Web.SessionDescriptionHandlerOptions = {
    ...before,
    hold: request.hold,
    offerOptions: request.iceRestart ? { iceRestart: true } : {},
  };
  return new Promise<ReinviteOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: ReinviteOutcome): void => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(timer);
      resolve(outcome);
    };
    const timer = timers.setTimeout(() => settle({ kind: 'no-answer' }), request.answerMs);
    const requestDelegate: Core.OutgoingRequestDelegate = {
      onAccept: () => settle({ kind: 'accepted' }),
      onReject: (r) => settle({ kind: 'rejected', status: r.message.statusCode ?? 0, reason: r.message.reasonPhrase ?? '' }),
    };
    session.invite({ requestDelegate, sessionDescriptionHandlerOptions: options }).catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      settle({ kind: 'not-sent', pending: error instanceof RequestPendingError, detail });
    });
  }).then(async (outcome) => {
    // sip.js's web handler has no rollback: after a refused re-INVITE its peer connection would stay in
    // have-local-offer and every later one (hold, the next refresh) would fail. Roll the offer back here.
    if (outcome.kind === 'rejected') await rollbackLocalOffer(session);
    // sip.js keeps these options for the next re-INVITE, also one the far end sends: keep the
    // direction that holds now (the old one when this one failed), and never restart ICE again by accident.
    const hold = outcome.kind === 'accepted' ? request.hold : before.hold;
    const next: Web.SessionDescriptionHandlerOptions = { ...before, ...(hold === undefined ? {} : { hold }), offerOptions: {} };
    session.sessionDescriptionHandlerOptionsReInvite = next;
    return outcome;
  });
}

async function rollbackLocalOffer(session: Session): Promise<void> {
  const sdh = session.sessionDescriptionHandler;
  const pc = sdh instanceof Web.SessionDescriptionHandler ? sdh.peerConnection : undefined;
  if (pc?.signalingState !== 'have-local-offer') return;
  try {
    await pc.setLocalDescription({ type: 'rollback' });
  } catch {
    // Already stable (another exchange settled it): nothing to undo.
  }
}

/** A refresh answered like this means the platform no longer has the call (RFC 3261 §12.2.1.2: 481 and 408 end the dialog). */
export function callIsGone(outcome: ReinviteOutcome): boolean {
  if (outcome.kind === 'no-answer') return true;
  return outcome.kind === 'rejected' && [404, 408, 410, 480, 481].includes(outcome.status);
}

/** A glare (491: both ends sent a re-INVITE at once) says "try again in a moment" (RFC 3261 §14.1). */
const GLARE = 491;

/**
 * The refresh after a network loss: a re-INVITE keeping the call's direction,
 * retried once after a glare. `stillLive` is asked before the retry (the call
 * may have ended meanwhile).
 */
export async function refreshDialog(
  session: Session,
  request: ReinviteRequest,
  timers: Timers,
  stillLive: () => boolean,
): Promise<ReinviteOutcome> {
  const outcome = await reinvite(session, request, timers);
  if (outcome.kind !== 'rejected' || outcome.status !== GLARE || !stillLive()) return outcome;
  await new Promise<void>((resolve) => timers.setTimeout(() => resolve(), 500 + Math.round(Math.random() * 1_500)));
  return stillLive() ? reinvite(session, request, timers) : outcome;
}

const GONE_AFTER = { 'platform-restarted': 'phone.dropped.restart', network: 'phone.dropped.gone', 'connection-lost': 'phone.dropped.connectionLost' } as const;

/**
 * Why a refresh ended the call, by message key (the call's end `reason`, for
 * the disposition form and the log); `loss`: what took the connection, when
 * the refresh follows an outage (a 481 then says which: network, restart, or
 * a loss the phone cannot tell apart).
 */
export function describeGone(outcome: ReinviteOutcome, loss: ConnectionLoss | null = null): Say {
  if (outcome.kind === 'no-answer') return { key: 'phone.dropped.noAnswer', params: {} };
  if (outcome.kind === 'rejected' && outcome.status === 481) return { key: loss ? GONE_AFTER[loss] : 'phone.dropped.asked', params: {} };
  const status = outcome.kind === 'rejected' ? `${outcome.status} ${outcome.reason}`.trim() : '—';
  return { key: 'phone.dropped.answered', params: { status } };
}

/** Sends BYE; true once the far end answered it (any final answer), false when it could not be sent or nothing came within `answerMs`. */
export function byeAnswered(session: Session, answerMs: number, timers: Timers): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = timers.setTimeout(() => resolve(false), answerMs);
    const done = (ok: boolean) => () => {
      timers.clearTimeout(timer);
      resolve(ok);
    };
    session.bye({ requestDelegate: { onAccept: done(true), onReject: done(true) } }).catch(done(false));
  });
}
