// What the phone keeps of its calls' quality and of its SIP messages, as plain
// numbers: the page's phone reads them without zod (its chunk must not wait
// for the contract's schemas, issue 23); the schemas in call-quality.ts and
// sip-trace.ts bound what crosses the bridge with the same numbers.

/** Seconds between two points of a timeline (the interval each point measures). */
export const QUALITY_POINT_SECONDS = 5;
/** Points kept per call: 30 minutes at one point every 5 s; a longer call keeps its last 30 minutes. */
export const QUALITY_POINTS_MAX = 360;

/** Messages kept: the last calls' dialogs and registrations (an answered call is 8–12 messages). */
export const SIP_TRACE_MESSAGES = 300;
/** Characters kept of one message (an SDP offer of Chromium is ~2–4 KB). */
export const SIP_TRACE_MESSAGE_CHARS = 6_000;
/** Characters kept of all messages together (the page sends the trace to main in one frame under 1 MB). */
export const SIP_TRACE_BUDGET_CHARS = 400_000;
