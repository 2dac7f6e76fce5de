/**
 * The status line of a `message/sipfrag` body (RFC 3420), as a transfer's
 * NOTIFY carries it: `SIP/2.0 180 Ringing`. Pure. The platform (or anything
 * on the way) controls the body: only a well-formed status line with a code
 * from 100 to 699 counts, anything else reads as null, and nothing in it can
 * throw or grow without bound.
 */
export interface SipFragStatus {
  readonly status: number;
  /** The reason phrase, one line, at most REASON_MAX characters. */
  readonly reason: string;
}

const STATUS_LINE = /^SIP\/2\.0[ \t]+([1-6][0-9]{2})(?:[ \t]+([^\r\n]*))?(?:\r?\n|$)/;
const REASON_MAX = 64;

export function readSipFrag(body: string): SipFragStatus | null {
  const match = STATUS_LINE.exec(body.slice(0, 512).replace(/^[\s\uFEFF]+/, ''));
  if (!match) return null;
  const reason = (match[2] ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, REASON_MAX);
  return { status: Number(match[1]), reason };
}
