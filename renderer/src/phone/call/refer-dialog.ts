/**
 * A REFER in an established call's dialog, and the NOTIFYs that report on
 * it, as plain values (transfer/ reads them). sip.js's own `Session.refer()`
 * writes Refer-To without angle brackets and, for Replaces, names the
 * consultation's Contact instead of the target: the phone builds the whole
 * Refer-To itself (transfer/refer-to.ts) and sends the REFER on the dialog.
 *
 * Only final answers are reported: `2xx` (202 Accepted, or 200 with
 * `Refer-Sub: false` when the platform reports no progress) or a failure. A
 * REFER that could not go out is answered by sip.js itself with 503 (transport
 * error) or 408 (no answer within its timer F, 32 s).
 */
import type { Core, Session } from 'sip.js';

export interface ReferRequest {
  /** The whole Refer-To value, angle brackets included. */
  readonly referTo: string;
  /** The agent's own AOR, for Referred-By. */
  readonly referredBy: string;
  /** Ask for no progress reports (RFC 4488 `Refer-Sub: false`): the final answer is the result. */
  readonly noSubscription: boolean;
  readonly onAnswer: (answer: ReferAnswer) => void;
}

export interface ReferAnswer {
  readonly status: number;
  readonly reason: string;
  /** The answer's `Refer-Sub` (RFC 4488): `false` = no NOTIFY will follow. */
  readonly subscription: boolean;
}

/** One NOTIFY as the transfer needs it: already answered 200 by the call. */
export interface ReferNotify {
  /** `Event` without parameters, lower case (`refer` for a transfer's progress). */
  readonly event: string;
  /** `Subscription-State` without parameters, lower case (`active`, `pending`, `terminated`, or '' when missing). */
  readonly subscriptionState: string;
  readonly contentType: string;
  readonly body: string;
}

export function sendRefer(session: Session, request: ReferRequest): boolean {
  const dialog = session.dialog;
  if (!dialog) return false;
  const extraHeaders = [
    `Refer-To: ${request.referTo}`,
    `Referred-By: ${request.referredBy}`,
    `Contact: ${session.userAgent.contact.toString()}`,
    ...(request.noSubscription ? ['Refer-Sub: false', 'Supported: norefersub'] : []),
  ];
  const answer = (response: Core.IncomingResponse): void => {
    const message = response.message;
    request.onAnswer({
      status: message.statusCode ?? 0,
      reason: message.reasonPhrase ?? '',
      subscription: !/^\s*false\b/i.test(message.getHeader('refer-sub') ?? ''),
    });
  };
  try {
    dialog.refer({ onAccept: answer, onReject: answer }, { extraHeaders });
  } catch {
    return false;
  }
  return true;
}

const firstToken = (value: string | undefined): string => (value ?? '').replace(/;.*$/s, '').trim().toLowerCase();

export function readReferNotify(message: Core.IncomingRequestMessage): ReferNotify {
  return {
    event: firstToken(message.getHeader('event')),
    subscriptionState: firstToken(message.getHeader('subscription-state')),
    contentType: firstToken(message.getHeader('content-type')),
    body: typeof message.body === 'string' ? message.body : '',
  };
}
