// The SIP message trace the phone keeps for the diagnostics bundle (issue 26):
// the last messages sent and received on the phone's WebSocket, bounded in
// count and in characters. Main redacts every message again before it is
// written (an Authorization header goes whole).
import { z } from 'zod';
import { SIP_TRACE_MESSAGE_CHARS } from './phone-bounds';

export { SIP_TRACE_BUDGET_CHARS, SIP_TRACE_MESSAGE_CHARS, SIP_TRACE_MESSAGES } from './phone-bounds';

export const sipTraceEntrySchema = z
  .object({
    at: z.iso.datetime(),
    direction: z.enum(['sent', 'received']),
    text: z.string().max(SIP_TRACE_MESSAGE_CHARS),
    /** Characters cut from the end of a longer message. */
    cut: z.number().int().min(0).max(10_000_000),
  })
  .strict();
export type SipTraceEntry = z.infer<typeof sipTraceEntrySchema>;
