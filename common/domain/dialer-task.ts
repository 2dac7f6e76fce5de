import { z } from 'zod';

// The `call` object of Add Record to Dialer. Every key is sent; optional ones
// default to empty text.
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const DialerTaskInputSchema = z.object({
  calldate: z.string().regex(DATE_TIME_RE, 'the call date must be YYYY-MM-DD hh:mm:ss').nullable().default(null),
  campaign: z.string().trim().min(1, 'the campaign is empty'),
  destination: z.string().trim().min(1, 'the destination number is empty'),
  alternatives: z.string().default(''),
  agent: z.string().default(''),
  data: z.string().default(''),
  source: z.string().default(''),
  bulk: z.boolean().default(false),
  automatic: z.boolean().default(false),
});
/** What a caller passes (optional keys may be left out). */
export type DialerTaskInput = z.input<typeof DialerTaskInputSchema>;
/** The complete `call` object as sent. */
export type DialerTask = z.output<typeof DialerTaskInputSchema>;
