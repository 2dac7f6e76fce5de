// The Replaces value (RFC 3891 §6.1): `<call-id>;to-tag=<tag>;from-tag=<tag>[;early-only]`,
// in an INVITE's header or (URI-decoded) in a REFER's Refer-To. To-tag names
// the dialog's tag at the platform (the recipient), from-tag the phone's.

export interface ReplacesTarget {
  callId: string;
  toTag: string;
  fromTag: string;
  earlyOnly: boolean;
}

/** Longer values are refused unread (a Call-ID and two tags fit in far less). */
export const MAX_REPLACES_LENGTH = 1024;

const TOKEN = /^[A-Za-z0-9\-.!%*_+`'~]+$/;
const CALL_ID = /^[\x21-\x7e]+$/;

/** The dialog a Replaces value names, or undefined when it is malformed. */
export function parseReplaces(value: string): ReplacesTarget | undefined {
  if (value.length > MAX_REPLACES_LENGTH) return undefined;
  const [callId = '', ...params] = value.split(';').map((part) => part.trim());
  if (!CALL_ID.test(callId)) return undefined;
  let toTag: string | undefined;
  let fromTag: string | undefined;
  let earlyOnly = false;
  for (const param of params) {
    const [name = '', tagValue, extra] = param.split('=');
    if (extra !== undefined) return undefined;
    const key = name.trim().toLowerCase();
    if (key === 'early-only' && tagValue === undefined) earlyOnly = true;
    else if ((key === 'to-tag' || key === 'from-tag') && tagValue !== undefined && TOKEN.test(tagValue.trim())) {
      if (key === 'to-tag') toTag = tagValue.trim();
      else fromTag = tagValue.trim();
    } else if (!TOKEN.test(key)) return undefined;
  }
  if (toTag === undefined || fromTag === undefined) return undefined;
  return { callId, toTag, fromTag, earlyOnly };
}

/** Percent-decodes the Replaces of a Refer-To URI; undefined when the escapes are broken. */
export function decodeUriHeaderValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
