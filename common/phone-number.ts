// Phone numbers as agents type them, CRMs write them in links and the CLI
// receives them: normalised to what the platform dials (digits, optional
// leading '+') plus an optional extension, or a typed problem. Pure; shared by
// the dial pad, tel: links and the CLI.

/** Why a text is not a number we may dial. Stable codes: the UI translates them. */
export type PhoneNumberProblem =
  | 'empty'
  | 'letters'
  | 'invalid-character'
  | 'misplaced-plus'
  | 'too-short'
  | 'too-long'
  | 'invalid-extension';

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
  | { readonly ok: false; readonly problem: PhoneNumberProblem; readonly message: string };

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

function problem(code: PhoneNumberProblem): Extract<PhoneNumberResult, { ok: false }> {
  return { ok: false, problem: code, message: describePhoneNumberProblem(code, 'en') };
}

const PROBLEM_TEXT: Record<PhoneNumberProblem, Record<'en' | 'es', string>> = {
  empty: { en: 'There is no number to dial.', es: 'No hay ningún número para marcar.' },
  letters: {
    en: 'The number contains letters; use digits only.',
    es: 'El número contiene letras; use solo dígitos.',
  },
  'invalid-character': {
    en: 'The number contains a character that cannot be dialled; use digits, spaces, dashes and a leading +.',
    es: 'El número contiene un carácter que no se puede marcar; use dígitos, espacios, guiones y un + inicial.',
  },
  'misplaced-plus': {
    en: 'A + may only appear at the start of the number.',
    es: 'El signo + solo puede ir al principio del número.',
  },
  'too-short': {
    en: `The number is too short; it needs at least ${MIN_DIGITS} digits.`,
    es: `El número es demasiado corto; necesita al menos ${MIN_DIGITS} dígitos.`,
  },
  'too-long': {
    en: `The number is too long; it may have at most ${MAX_DIGITS} digits.`,
    es: `El número es demasiado largo; admite como máximo ${MAX_DIGITS} dígitos.`,
  },
  'invalid-extension': {
    en: `The extension must be one group of up to ${MAX_EXTENSION_DIGITS} digits.`,
    es: `La extensión debe ser un solo grupo de hasta ${MAX_EXTENSION_DIGITS} dígitos.`,
  },
};

/** The sentence a person reads for a problem, in Spanish or English. */
export function describePhoneNumberProblem(code: PhoneNumberProblem, language: 'en' | 'es'): string {
  return PROBLEM_TEXT[code][language];
}
