// What the renderer's phone asks of main so that it comes back fast and the
// platform knows the agent again after an outage (issue 11):
// - `phone.waitSipReachable`: main (Node, which Chromium's WebSocket throttling
//   does not touch) probes the signed-in agent's SIP server with cheap TCP
//   connects and answers as soon as one succeeds, or `reachable: false` at the
//   time-out. The phone makes its own WebSocket attempt only then. Probes
//   follow common/reconnect-curve.ts from the outage's start (`outageMs`).
//   With `stop: true` it ends the page's earlier wait of that `waitId`
//   instead (the page dropped it: its connection came back, a kick, a
//   sign-out): main stops probing for it at once and answers both at once.
// - `phone.reregistered`: the phone registered again on a new connection after
//   losing its binding; main runs Agent Authentication again in the background
//   (`session.renewal` tells the page how that went).
// - `phone.keepLiveCall` / `phone.liveCalls` (issue 24): the page reports each
//   live call's SIP dialog and what the agent sees of it on every change; main
//   keeps it in memory, so that a page that was reloaded (or whose renderer
//   crashed) takes the call over with a re-INVITE (live-call.ts).
import { z } from 'zod';
import { liveCallSnapshotSchema } from './live-call';

export const waitSipReachableRequestSchema = z
  .object({
    /** Answer `reachable: false` after this long without a successful probe. */
    timeoutMs: z.number().int().min(100).max(120_000),
    /** How long the phone has been without its connection: main's probes go on along the curve from there. */
    outageMs: z.number().int().min(0).max(7 * 24 * 3_600_000).optional(),
    /** The page's name for this wait, so that a later request with `stop` can end it. */
    waitId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/).optional(),
    /** End the running wait named `waitId` now (answered `reachable: false`), instead of starting one. */
    stop: z.literal(true).optional(),
  })
  .strict();
export type WaitSipReachableRequest = z.infer<typeof waitSipReachableRequestSchema>;

export const waitSipReachableReplySchema = z.object({
  reachable: z.boolean(),
  /** How many probes main made for this request (for the log and the benchmark). */
  probes: z.number().int().nonnegative(),
});
export type WaitSipReachableReply = z.infer<typeof waitSipReachableReplySchema>;

export const reregisteredRequestSchema = z
  .object({
    /** How long the phone had no registration (ms, from losing its connection to the new 200 OK). */
    offlineMs: z.number().int().min(0).max(7 * 24 * 3_600_000),
  })
  .strict();
export type ReregisteredRequest = z.infer<typeof reregisteredRequestSchema>;

export const reregisteredReplySchema = z.object({
  /** `started`: main runs Agent Authentication again now; `not-needed`: it did so recently or is not signed in as an agent. */
  renewal: z.enum(['started', 'not-needed']),
});
export type ReregisteredReply = z.infer<typeof reregisteredReplySchema>;

/** One live call's snapshot (`snapshot`), or the end of it (`snapshot: null`: ended, taken over and lost, or recorded). */
export const keepLiveCallRequestSchema = z
  .object({ callId: z.string().min(1).max(256), snapshot: liveCallSnapshotSchema.nullable() })
  .strict();
export type KeepLiveCallRequest = z.infer<typeof keepLiveCallRequestSchema>;

export const phoneRequests = {
  'phone.waitSipReachable': { request: waitSipReachableRequestSchema, reply: waitSipReachableReplySchema },
  'phone.reregistered': { request: reregisteredRequestSchema, reply: reregisteredReplySchema },
  'phone.keepLiveCall': { request: keepLiveCallRequestSchema, reply: z.object({ kept: z.number().int().nonnegative() }) },
  'phone.liveCalls': { request: z.object({}).strict(), reply: z.array(liveCallSnapshotSchema) },
} as const;

export const phoneEvents = {} as const;
