// The SIP message trace the phone keeps for the diagnostics bundle (issue 26):
// the last messages sent and received on the phone's WebSocket, bounded in
// count and in characters. Main redacts every message again before it is
// written (an Authorization header goes whole).
import { z } from 'zod';

/** Messages kept: the last calls' dialogs and registrations (an answered call is 8–12 messages). */
export const SIP_TRACE_MESSAGES = 300;
/** Characters kept of one message (an SDP offer of Chromium is ~2–4 KB). */
export const SIP_TRACE_MESSAGE_CHARS = 6_000;
/** Characters kept of all messages together (the page sends the trace to main in one frame under 1 MB). */
export const SIP_TRACE_BUDGET_CHARS = 400_000;

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
