// Click to dial: `tel:`, `callto:` and `sip:` links as browsers and CRMs hand
// them to the app. `handleDialLink` is the ONE entry point: the Electron
// second-instance / open-url handlers and the browser host both call it, so a
// link means the same thing everywhere. A malformed link becomes an `invalid`
// result the UI shows; it is never dialled.
import { translate, type Language } from './i18n';
import { normalisePhoneNumber } from './phone-number';
import { DIAL_LINK_SCHEMES, dialLinkProblemSaid, type DialLinkProblem, type DialLinkResult, type DialLinkScheme } from './dial-link-result';

export * from './dial-link-result';

const MAX_LINK_LENGTH = 2048;
const SHOWN_RAW_LENGTH = 200;
const SCHEME = /^([a-z][a-z0-9+.-]*):(.*)$/isu;

/** Parses one link into a number to dial or a typed reason it cannot be dialled. */
export function handleDialLink(rawUrl: string): DialLinkResult {
  const link = rawUrl.trim();
  if (link.length > MAX_LINK_LENGTH) return invalid(rawUrl, 'link-too-long');
  const match = SCHEME.exec(link);
  const scheme = match?.[1]?.toLowerCase();
  if (!match || !isDialLinkScheme(scheme)) return invalid(rawUrl, 'unsupported-scheme');

  let rest = match[2] ?? '';
  // `tel://…` and `callto://…` are wrong but common (Skype-era CRMs).
  rest = rest.replace(/^\/\//u, '');
  // Query parts (`?…`) and fragments carry nothing we dial.
  rest = rest.replace(/[?#].*$/su, '');

  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return invalid(rawUrl, 'malformed-encoding');
  }
  if (/\p{Cc}/u.test(decoded)) return invalid(rawUrl, 'malformed-encoding');

  const subscriber = scheme === 'sip' ? sipUser(decoded) : decoded;
  if (subscriber === undefined) return invalid(rawUrl, 'not-a-number');

  const parsed = normalisePhoneNumber(subscriber);
  if (!parsed.ok) return invalid(rawUrl, parsed.problem);
  const { number, display, extension } = parsed.value;
  return extension === undefined
    ? { kind: 'dial', number, display, scheme }
    : { kind: 'dial', number, display, extension, scheme };
}

/**
 * The user part of a SIP URI (`sip:+598991234;ext=4@host;user=phone` →
 * `+598991234;ext=4`). A URI without one, or with a name instead of a number
 * (`sip:alice@host`), is not something the dial pad can dial.
 */
function sipUser(uri: string): string | undefined {
  const at = uri.lastIndexOf('@');
  const userinfo = at === -1 ? uri.split(';')[0] ?? '' : uri.slice(0, at);
  // `user:password@host`: the password part is never a number to dial.
  const user = userinfo.split(':')[0] ?? '';
  return /\d/u.test(user) && !/\p{L}{2,}/u.test(user.replace(/;.*$/u, '')) ? user : undefined;
}

function isDialLinkScheme(scheme: string | undefined): scheme is DialLinkScheme {
  return (DIAL_LINK_SCHEMES as readonly (string | undefined)[]).includes(scheme);
}

function invalid(raw: string, reason: DialLinkProblem): DialLinkResult {
  const shown = raw.length > SHOWN_RAW_LENGTH ? `${raw.slice(0, SHOWN_RAW_LENGTH)}…` : raw;
  return { kind: 'invalid', raw: shown, reason, message: describeDialLinkProblem(reason, 'en') };
}

/** The sentence shown next to an invalid link, in Spanish or English. */
export function describeDialLinkProblem(reason: DialLinkProblem, language: Language): string {
  const { key, params } = dialLinkProblemSaid(reason);
  return translate(language, key, params);
}
