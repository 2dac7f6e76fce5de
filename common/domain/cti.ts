import { z } from 'zod';
import { withoutFormatControls } from '../untrusted-text';
import { describeIssues } from './zod-issues';

// The call context (CTI) object that accompanies a call to an agent
// (field-notes.md). Only Guid is required; unknown keys are kept.
export const CtiSchema = z.looseObject({
  Guid: z.string().min(1),
  Screen: z.string().optional(),
  Form: z.string().optional(),
  Campaign: z.string().optional(),
  Callerid: z.string().optional(),
  ParAndValues: z.string().optional(),
  Beep: z.string().optional(),
  Answer: z.string().optional(),
});
export type Cti = z.infer<typeof CtiSchema>;

export type CtiParseResult = { ok: true; value: Cti } | { ok: false; error: string };

/**
 * Parses CTI JSON text (e.g. a SIP header value); never throws. Every string in it comes from the
 * caller's side and loses its invisible format characters (a caller id shown reversed, untrusted-text.ts).
 */
export function parseCtiText(text: string): CtiParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text, (_key, item: unknown) => (typeof item === 'string' ? withoutFormatControls(item) : item));
  } catch {
    return { ok: false, error: 'the call context is not JSON' };
  }
  const result = CtiSchema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: `the call context is invalid: ${describeIssues(result.error)}` };
}

/** `"TRUE"` (any case) is true; anything else false. */
export function ctiFlag(value: string | undefined): boolean {
  return (value ?? '').trim().toUpperCase() === 'TRUE';
}
