// What a click-to-dial link became, as it crosses from main to the page (the
// IPC schema), and what the page does with it. No text tables here: the page
// imports this while it loads one language at a time (issue 23); parsing a
// link and its English message live in dial-link.ts, main's side.
import { z } from 'zod';
import type { MessageKey } from './i18n';
import { isPhoneNumberProblem, PHONE_NUMBER_PROBLEMS, phoneNumberProblemKey, PROBLEM_PARAMS, type PhoneNumberProblem } from './phone-number';

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

/** The message key and parameters of a link's problem: the page says it with the table it loaded. */
export function dialLinkProblemSaid(reason: DialLinkProblem): { key: MessageKey; params: Record<string, string> } {
  return isPhoneNumberProblem(reason) ? { key: phoneNumberProblemKey(reason), params: { ...PROBLEM_PARAMS } } : { key: `dialLink.problem.${reason}`, params: {} };
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
