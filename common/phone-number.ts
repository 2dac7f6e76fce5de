// Phone numbers as agents type them, CRMs write them in links and the CLI
// receives them: normalised to what the platform dials (digits, optional
// leading '+') plus an optional extension, or a typed problem. Pure; shared by
// the dial pad, tel: links and the CLI.
import type { MessageKey } from './i18n';

/** Why a text is not a number we may dial. Stable codes: the UI translates them. */
export const PHONE_NUMBER_PROBLEMS = [
  'empty',
  'letters',
  'invalid-character',
  'misplaced-plus',
  'too-short',
  'too-long',
  'invalid-extension',
] as const;
export type PhoneNumberProblem = (typeof PHONE_NUMBER_PROBLEMS)[number];

export function isPhoneNumberProblem(code: string): code is PhoneNumberProblem {
  return (PHONE_NUMBER_PROBLEMS as readonly string[]).includes(code);
}

export interface PhoneNumber {
  /** What is dialled: digits with an optional leading '+', e.g. `+59899123456`. */
  readonly number: string;
  /** Digits to send as DTMF after the call is answered, if the text had an extension. */
  readonly extension?: string;
  /** How to show it to the agent, e.g. `+59899123456 ext. 42`. */
  readonly display: string;
}

export type PhoneNumberResult =
  | { readonly ok: true; readonly value: PhoneNumber }
  | { readonly ok: false; readonly problem: PhoneNumberProblem };

export const MIN_DIGITS = 3;
export const MAX_DIGITS = 20;
const MAX_EXTENSION_DIGITS = 10;

/**
 * Visual separators people and CRMs put in numbers: RFC 3966's `-.()`, spaces of
 * every width, slashes and the Unicode dashes and minus sign.
 */
const VISUAL_SEPARATORS = /[\s\-.()/\u2010-\u2015\u2212]/gu;

/**
 * An extension written in free text, at the end: `x42`, `ext 42`, `ext. 42`,
 * `extension 42`, or after one or more pauses `,42` (comma = pause, then DTMF).
 */
const TEXT_EXTENSION = /^(.*?)\s*(?:,+|(?:extension|ext\.?|x)\s*)([^,]*)$/iu;

/** The digits of a number as written, for telling two spellings of one number apart ("099 123 456" = "099-123456"). */
export const phoneDigits = (text: string | undefined): string => (text ?? '').replace(/\D/gu, '');

/** Normalises and validates one phone number. Never throws. */
export function normalisePhoneNumber(raw: string): PhoneNumberResult {
  // NFKC turns full-width digits and '+' into ASCII and odd spaces into plain ones.
  const text = raw.normalize('NFKC').trim();
  if (text === '') return problem('empty');

  const [main = '', ...params] = text.split(';');
  let extension: string | undefined;
  for (const param of params) {
    const [name = '', value = ''] = param.split('=', 2);
    // phone-context, isub and unknown parameters do not change what is dialled.
    if (name.trim().toLowerCase() === 'ext') extension = value;
  }

  let body = main;
  const written = TEXT_EXTENSION.exec(main);
  if (written && /\d/u.test(written[1] ?? '')) {
    if (extension !== undefined) return problem('invalid-extension');
    body = written[1] ?? '';
    extension = written[2] ?? '';
  }

  const numberResult = parseMainNumber(body);
  if (!numberResult.ok) return numberResult;
  const number = numberResult.value;

  if (extension === undefined) return { ok: true, value: { number, display: number } };
  const ext = extension.replace(VISUAL_SEPARATORS, '');
  if (!/^\d+$/u.test(ext) || ext.length > MAX_EXTENSION_DIGITS) return problem('invalid-extension');
  return { ok: true, value: { number, extension: ext, display: `${number} ext. ${ext}` } };
}

function parseMainNumber(body: string): { ok: true; value: string } | Extract<PhoneNumberResult, { ok: false }> {
  const compact = body.replace(VISUAL_SEPARATORS, '');
  if (compact === '') return problem('empty');
  if (/\p{L}/u.test(compact)) return problem('letters');
  if (/^\+?\d*$/u.test(compact)) {
    const digits = compact.replace('+', '').length;
    if (digits < MIN_DIGITS) return problem('too-short');
    if (digits > MAX_DIGITS) return problem('too-long');
    return { ok: true, value: compact };
  }
  if (/^[+\d]+$/u.test(compact)) return problem('misplaced-plus');
  return problem('invalid-character');
}

// No English sentence here: a text would put the tables in the page's first chunk (issue 23); describe it where it is shown.
function problem(code: PhoneNumberProblem): Extract<PhoneNumberResult, { ok: false }> {
  return { ok: false, problem: code };
}

/** The message key of a problem, with PROBLEM_PARAMS its parameters (main sends both to the page). */
export function phoneNumberProblemKey(code: PhoneNumberProblem): MessageKey {
  return `number.problem.${code}`;
}

export const PROBLEM_PARAMS: Readonly<Record<string, string>> = {
  min: String(MIN_DIGITS),
  max: String(MAX_DIGITS),
  extensionMax: String(MAX_EXTENSION_DIGITS),
};
