// How Asterisk turns a failed dial into what the caller hears: the target's
// final SIP status becomes a hangup cause (chan_pjsip `hangup_sip2cause`),
// Dial() hands that cause to the calling channel, and the caller's INVITE is
// refused with the status of that cause (`hangup_cause2sip`; 603 when it has
// none). So a target's 486 reaches the caller as 486, but its 603 as 403.

export const AstCause = {
  UNALLOCATED: 1,
  NO_ROUTE_DESTINATION: 3,
  USER_BUSY: 17,
  NO_USER_RESPONSE: 18,
  NO_ANSWER: 19,
  SUBSCRIBER_ABSENT: 20,
  CALL_REJECTED: 21,
  NUMBER_CHANGED: 22,
  INVALID_NUMBER_FORMAT: 28,
  FACILITY_REJECTED: 29,
  NORMAL_UNSPECIFIED: 31,
  CONGESTION: 34,
  FAILURE: 38,
  BEARERCAPABILITY_NOTAVAIL: 58,
  INTERWORKING: 127,
} as const;

const causeOfSipStatus = new Map<number, number>([
  [401, AstCause.CALL_REJECTED],
  [403, AstCause.CALL_REJECTED],
  [404, AstCause.UNALLOCATED],
  [407, AstCause.CALL_REJECTED],
  [408, AstCause.NO_USER_RESPONSE],
  [410, AstCause.NUMBER_CHANGED],
  [480, AstCause.NO_ANSWER],
  [484, AstCause.INVALID_NUMBER_FORMAT],
  [485, AstCause.UNALLOCATED],
  [486, AstCause.USER_BUSY],
  [488, AstCause.BEARERCAPABILITY_NOTAVAIL],
  [500, AstCause.FAILURE],
  [501, AstCause.FACILITY_REJECTED],
  [503, AstCause.CONGESTION],
  [600, AstCause.USER_BUSY],
  [603, AstCause.CALL_REJECTED],
  [604, AstCause.UNALLOCATED],
  [606, AstCause.BEARERCAPABILITY_NOTAVAIL],
]);

const sipStatusOfCause = new Map<number, number>([
  [AstCause.UNALLOCATED, 404],
  [AstCause.NO_ROUTE_DESTINATION, 404],
  [AstCause.USER_BUSY, 486],
  [AstCause.NO_USER_RESPONSE, 408],
  [AstCause.NO_ANSWER, 480],
  [AstCause.SUBSCRIBER_ABSENT, 480],
  [AstCause.CALL_REJECTED, 403],
  [AstCause.NUMBER_CHANGED, 410],
  [AstCause.INVALID_NUMBER_FORMAT, 484],
  [AstCause.FACILITY_REJECTED, 501],
  [AstCause.NORMAL_UNSPECIFIED, 480],
  [AstCause.CONGESTION, 503],
  [AstCause.FAILURE, 500],
  [AstCause.BEARERCAPABILITY_NOTAVAIL, 488],
  [AstCause.INTERWORKING, 500],
]);

/** The cause a target's final status gives (unlisted 4xx/6xx: interworking, 5xx: congestion). */
export function causeOfStatus(status: number): number {
  const listed = causeOfSipStatus.get(status);
  if (listed !== undefined) return listed;
  return status >= 500 && status < 600 ? AstCause.CONGESTION : AstCause.INTERWORKING;
}

/** The status a caller's INVITE is refused with for `cause` (603 Decline when the cause has none). */
export function statusOfCause(cause: number): number {
  return sipStatusOfCause.get(cause) ?? 603;
}

/** The sipfrag of a blind transfer's failure (field notes: 486 when busy, 503 for any other failure). */
export function transferFailureStatus(cause: number): number {
  return cause === AstCause.USER_BUSY ? 486 : 503;
}
