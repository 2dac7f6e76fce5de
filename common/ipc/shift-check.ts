// The shift-start check (issue 26): what main measures of the API for it, and
// the report the page makes of all its steps (kept by main for the
// diagnostics bundle). Each step has a verdict, plain words and, when it is
// not fine, what to tell IT — as message keys, so both languages can say it.
import { z } from 'zod';
import { saySchema } from './result';

/** What main found reaching the platform's API: TLS and its certificate, and the clock of the server. */
export const apiCheckSchema = z.object({
  /** The address asked (the instance), for the words. */
  url: z.string().max(2048),
  reachable: z.boolean(),
  /** HTTP status of the answer, or null when none came. */
  status: z.number().int().nullable(),
  elapsedMs: z.number().int().nonnegative(),
  /** null for http:// (no TLS). */
  tls: z
    .object({
      protocol: z.string().max(32).nullable(),
      /** Whether the certificate chains to a trusted root (the system's or IT's CA) and names the host. */
      authorized: z.boolean(),
      /** Why not, in the TLS library's words (e.g. `SELF_SIGNED_CERT_IN_CHAIN`, a name mismatch). */
      problem: z.string().max(500).nullable(),
      subject: z.string().max(500).nullable(),
      issuer: z.string().max(500).nullable(),
      validTo: z.string().max(64).nullable(),
    })
    .nullable(),
  /** Server clock minus ours, seconds, from the answer's Date header; null without one. */
  clockSkewSeconds: z.number().nullable(),
  /** Why nothing usable came back (refused, timed out, name not found), in plain words; null otherwise. */
  problem: z.string().max(500).nullable(),
});
export type ApiCheck = z.infer<typeof apiCheckSchema>;

export const CHECK_STEP_IDS = ['api', 'sip', 'ice', 'echo', 'microphone', 'speaker'] as const;
export type CheckStepId = (typeof CHECK_STEP_IDS)[number];

export const checkStepSchema = z
  .object({
    id: z.enum(CHECK_STEP_IDS),
    verdict: z.enum(['passed', 'warning', 'failed', 'skipped']),
    /** What was found, in plain words. */
    say: saySchema,
    /** What to tell IT when it is not fine; null when nothing. */
    tellIt: saySchema.nullable(),
    /** The figures behind the words (ms, %, MOS, candidate types), for IT and the bundle. */
    figures: z.record(z.string().max(40), z.union([z.number(), z.string().max(500), z.boolean(), z.null()])).refine((f) => Object.keys(f).length <= 30, 'too many figures'),
  })
  .strict();
export type CheckStep = z.infer<typeof checkStepSchema>;

export const checkReportSchema = z
  .object({
    startedAt: z.iso.datetime(),
    durationMs: z.number().int().nonnegative().max(600_000),
    /** completed; cancelled by the agent; stopped because a call arrived; refused (a call was up). */
    outcome: z.enum(['completed', 'cancelled', 'call-arrived', 'refused']),
    steps: z.array(checkStepSchema).max(CHECK_STEP_IDS.length),
  })
  .strict();
export type CheckReport = z.infer<typeof checkReportSchema>;
