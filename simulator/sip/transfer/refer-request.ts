// What a REFER asks for, read the way res_pjsip_refer reads it: Refer-To must
// be there and parse as a sip:/sips: URI (else 400); a Replaces among its URI
// headers (or parameters) makes it an attended transfer; `Refer-Sub` with any
// value that does not start with "true" asks for no progress (no NOTIFYs);
// Referred-By is passed on to the target as it came.
import { Core } from 'sip.js';
import type { SipRequest } from '../sip-message';
import { decodeUriHeaderValue } from './replaces';

/** A Refer-To longer than this is refused unread (bounded parsing, whatever a phone sends). */
export const MAX_REFER_TO_LENGTH = 2048;
/** A Referred-By longer than this is not passed on. */
export const MAX_REFERRED_BY_LENGTH = 512;

export interface ReferRequest {
  /** Refer-To as sent. */
  referTo: string;
  target: Core.URI;
  /** The Replaces of the Refer-To, URI-decoded (undefined for a blind transfer; '' when its escapes were broken). */
  replaces?: string;
  /** Whether the phone wants progress NOTIFYs (no `Refer-Sub`, or one starting with "true"). */
  wantsProgress: boolean;
  /** Whether the REFER carried Refer-Sub at all (the 202 then says `Refer-Sub: true`). */
  referSubHeader: boolean;
  referredBy?: string;
}

export type ReferParse = { readonly ok: true; readonly refer: ReferRequest } | { readonly ok: false; readonly why: string };

export function parseRefer(request: SipRequest): ReferParse {
  const referTo = request.getHeader('refer-to');
  if (referTo === undefined) return { ok: false, why: 'no Refer-To' };
  if (referTo.length > MAX_REFER_TO_LENGTH) return { ok: false, why: `Refer-To longer than ${MAX_REFER_TO_LENGTH} characters` };
  const parsed: unknown = request.parseHeader('refer-to');
  if (!(parsed instanceof Core.NameAddrHeader)) return { ok: false, why: 'a Refer-To that does not parse' };
  const target = parsed.uri;
  if (target.scheme !== 'sip' && target.scheme !== 'sips') return { ok: false, why: `a Refer-To of scheme ${target.scheme}` };
  const referSub = request.getHeader('refer-sub');
  const referredBy = request.getHeader('referred-by');
  const replaces = replacesOf(target);
  return {
    ok: true,
    refer: {
      referTo,
      target,
      ...(replaces !== undefined ? { replaces } : {}),
      wantsProgress: referSub === undefined || referSub.trim().slice(0, 4).toLowerCase() === 'true',
      referSubHeader: referSub !== undefined,
      ...(referredBy && referredBy.length <= MAX_REFERRED_BY_LENGTH ? { referredBy: referredBy.trim() } : {}),
    },
  };
}

function replacesOf(uri: Core.URI): string | undefined {
  const header: unknown = uri.getHeader('replaces');
  const raw = Array.isArray(header) ? header[0] : header;
  const param = uri.getParam('replaces');
  const value = typeof raw === 'string' ? raw : typeof param === 'string' ? param : undefined;
  if (value === undefined) return undefined;
  return decodeUriHeaderValue(value) ?? '';
}
