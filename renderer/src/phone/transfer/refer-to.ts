/**
 * The Refer-To of a transfer. Pure.
 *
 *   blind     <sip:1002@host>
 *   attended  <sip:1002@host?Replaces=call-id%3Bto-tag%3Dpbx-tag%3Bfrom-tag%3Dour-tag>
 *
 * The Replaces value (RFC 3891) names the consultation's dialog: its Call-ID,
 * the to-tag of the far end (the platform's tag of that dialog) and the
 * from-tag of the phone. Inside a URI it is a header value (RFC 3261 §19.1.1,
 * RFC 3515 §2.1): only unreserved and hnv-unreserved characters stay as they
 * are; `;` `=` `@` and everything else are percent-encoded, so
 * `abc@host;to-tag=x` reads `abc%40host%3Bto-tag%3Dx`.
 */

/** The dialog a consultation runs in, from the phone's side. */
export interface DialogIds {
  readonly callId: string;
  /** The platform's tag (To of our INVITE's 200). */
  readonly remoteTag: string;
  /** Our tag (From of our INVITE). */
  readonly localTag: string;
}

/** RFC 3261 `hvalue`: unreserved (alphanum and mark) and hnv-unreserved stay; the rest is escaped. */
const HVALUE_PLAIN = /[A-Za-z0-9\-_.!~*'()[\]/?:+$]/;

export function escapeHeaderValue(value: string): string {
  let out = '';
  for (const ch of value) {
    if (HVALUE_PLAIN.test(ch)) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function blindReferTo(targetUri: string): string {
  return `<${targetUri}>`;
}

export function attendedReferTo(targetUri: string, dialog: DialogIds): string {
  const replaces = `${dialog.callId};to-tag=${dialog.remoteTag};from-tag=${dialog.localTag}`;
  return `<${targetUri}?Replaces=${escapeHeaderValue(replaces)}>`;
}
