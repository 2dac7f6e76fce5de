// A platform field in one of the observed text formats: the raw text is always
// kept; `parsed` holds the structured value when the text matched a known
// format. An unknown format is flagged (`known: false`), never thrown, because
// real instances may write values we have not seen.

/** A text field with its parsed value beside it. Empty text is known and parses to null. */
export interface FormattedField<T> {
  raw: string;
  parsed: T | null;
  known: boolean;
}

/** Runs `parse` on non-empty text; `undefined` from it means "not a known format". */
export function formatted<T>(raw: string | null | undefined, parse: (text: string) => T | undefined): FormattedField<T> {
  const text = raw ?? '';
  if (text.trim() === '') return { raw: text, parsed: null, known: true };
  const parsed = parse(text.trim());
  return parsed === undefined ? { raw: text, parsed: null, known: false } : { raw: text, parsed, known: true };
}
