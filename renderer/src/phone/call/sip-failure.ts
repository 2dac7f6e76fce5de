/**
 * What a SIP failure means to an agent, from its status code. Pure. Used for
 * an outgoing call's final response (outgoing-call.ts) and for a transfer's
 * result (the REFER's answer, a NOTIFY's sipfrag: transfer/).
 *
 *   404 410 484 604   not-found     no such extension, campaign or number
 *   486 600           busy
 *   480 503           unavailable   not registered, not reachable, or a failure on the way
 *   408 487           no-answer     it rang out, or the platform stopped the attempt
 *   603 (as a call)   declined
 *   403, 603 (as the REFER's own answer)  not-allowed  the platform does not allow this
 *   anything else     refused
 *
 * The phone adds kinds no status code carries: `timeout` (no answer within
 * the phone's bound), `no-connection` (no SIP connection to send it on),
 * `customer-gone` (the customer hung up while a transfer was tried) and
 * `no-result` (the platform stopped reporting without a final result).
 */
import type { MessageKey } from '../../../../common/i18n';
import type { Spoken } from '../../../../common/i18n/say';

export type SipFailureKind =
  | 'not-found'
  | 'busy'
  | 'unavailable'
  | 'no-answer'
  | 'declined'
  | 'not-allowed'
  | 'refused'
  | 'timeout'
  | 'no-connection'
  | 'customer-gone'
  | 'no-result';

/** `request`: the answer to our own REFER (603 there means "transfers are not allowed"); `attempt`: how a call attempt ended. */
export function sipFailureKind(status: number, answering: 'request' | 'attempt'): SipFailureKind {
  if ([404, 410, 484, 604].includes(status)) return 'not-found';
  if (status === 486 || status === 600) return 'busy';
  if (status === 480 || status === 503) return 'unavailable';
  if (status === 408 || status === 487) return 'no-answer';
  if (status === 403) return 'not-allowed';
  if (status === 603) return answering === 'request' ? 'not-allowed' : 'declined';
  return 'refused';
}

const FAILURE_KEYS = {
  'not-found': 'phone.failure.notFound',
  busy: 'phone.failure.busy',
  unavailable: 'phone.failure.unavailable',
  'no-answer': 'phone.failure.noAnswer',
  declined: 'phone.failure.declined',
  'not-allowed': 'phone.failure.notAllowed',
  refused: 'phone.failure.refused',
  timeout: 'phone.failure.timeout',
  'no-connection': 'phone.failure.noConnection',
  'customer-gone': 'phone.failure.customerGone',
  'no-result': 'phone.failure.noResult',
} as const satisfies Record<SipFailureKind, MessageKey>;

/** The failure in plain words, by message key: `target` as the agent chose it, `status` the SIP code ('' when none). */
export function failureSaid(kind: SipFailureKind, target: string, status: number | null): Spoken {
  return { key: FAILURE_KEYS[kind], params: { target, status: status === null ? '—' : String(status) } };
}
