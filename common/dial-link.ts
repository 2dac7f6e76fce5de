// Click to dial: `tel:`, `callto:` and `sip:` links as browsers and CRMs hand
// them to the app. `handleDialLink` is the ONE entry point: the Electron
// second-instance / open-url handlers and the browser host both call it, so a
// link means the same thing everywhere. A malformed link becomes an `invalid`
// result the UI shows; it is never dialled.
import { z } from 'zod';
import { translate, type Language } from './i18n';
import {
  describePhoneNumberProblem,
  isPhoneNumberProblem,
  normalisePhoneNumber,
  PHONE_NUMBER_PROBLEMS,
  type PhoneNumberProblem,
} from './phone-number';

export const DIAL_LINK_SCHEMES = ['tel', 'callto', 'sip'] as const;
export type DialLinkScheme = (typeof DIAL_LINK_SCHEMES)[number];

/** Why a link cannot be dialled: a number problem, or a problem of the link itself. */
const LINK_PROBLEMS = ['unsupported-scheme', 'malformed-encoding', 'not-a-number', 'link-too-long'] as const;
export type DialLinkProblem = PhoneNumberProblem | (typeof LINK_PROBLEMS)[number];

export type DialLinkResult =
  | {
      readonly kind: 'dial';
      /** Digits with an optional leading '+': what is dialled. */
      readonly number: string;
      /** What the agent sees, with the extension if any. */
      readonly display: string;
      /** DTMF digits to send once answered, when the link carried an extension. */
      readonly extension?: string;
      readonly scheme: DialLinkScheme;
    }
  | {
      readonly kind: 'invalid';
      /** The link as received, shortened for display; it holds no secret of ours. */
      readonly raw: string;
      readonly reason: DialLinkProblem;
      /** Plain-words English explanation; `describeDialLinkProblem` gives Spanish too. */
      readonly message: string;
    };

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
  return isPhoneNumberProblem(reason)
    ? describePhoneNumberProblem(reason, language)
    : translate(language, `dialLink.problem.${reason}`);
}

/** What the app does with a link, given the "dial immediately" setting and the phone's state. */
export type DialLinkAction =
  | { readonly action: 'dial'; readonly number: string; readonly display: string; readonly extension?: string }
  | { readonly action: 'prefill'; readonly number: string; readonly display: string; readonly extension?: string }
  | { readonly action: 'show-invalid'; readonly raw: string; readonly reason: DialLinkProblem; readonly message: string };

export interface DialLinkContext {
  /** The agent's setting "dial immediately" (off by default). */
  readonly dialImmediately: boolean;
  /** Signed in, phone registered and no call in progress or ringing. */
  readonly phoneIdle: boolean;
}

/**
 * "Dial immediately" places the call only when the phone is idle; otherwise
 * the number waits in the dial field, so a link never interrupts a call and
 * never queues a call for later.
 */
export function dialLinkAction(result: DialLinkResult, context: DialLinkContext): DialLinkAction {
  if (result.kind === 'invalid') {
    return { action: 'show-invalid', raw: result.raw, reason: result.reason, message: result.message };
  }
  const { number, display, extension } = result;
  const action = context.dialImmediately && context.phoneIdle ? 'dial' : 'prefill';
  return extension === undefined ? { action, number, display } : { action, number, display, extension };
}

/**
 * The schema of a `DialLinkResult` for the IPC contract: main pushes it on an
 * event channel, the renderer turns it into a `DialLinkAction`.
 */
export const dialLinkResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dial'),
    number: z.string().regex(/^\+?\d{3,20}$/u),
    display: z.string().max(64),
    extension: z.string().regex(/^\d{1,10}$/u).optional(),
    scheme: z.enum(DIAL_LINK_SCHEMES),
  }),
  z.object({
    kind: z.literal('invalid'),
    raw: z.string().max(256),
    reason: z.enum([...PHONE_NUMBER_PROBLEMS, ...LINK_PROBLEMS]),
    message: z.string(),
  }),
]);
