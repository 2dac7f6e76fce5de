// The workstation's part of the contract (issue 6): its settings, the phone
// status the renderer reports to main (tray, notifications, shortcuts and the
// quit guard need it), the commands main sends back, click-to-dial links,
// renderer log forwarding and "Copy diagnostics".
import { z } from 'zod';
import { dialLinkResultSchema } from '../dial-link-result';
import { apiCheckSchema, checkReportSchema } from './shift-check';
import { sipTraceEntrySchema, SIP_TRACE_MESSAGES, SIP_TRACE_BUDGET_CHARS } from './sip-trace';

export * from './workstation-settings';

export const registrationStateSchema = z.enum(['unregistered', 'registering', 'registered', 'failed']);
export type RegistrationState = z.infer<typeof registrationStateSchema>;

export const phoneCallSchema = z.object({
  /** The phone's own id of the call (not shown). */
  id: z.string().min(1).max(128),
  state: z.enum(['ringing', 'in-call']),
  /** Caller id as received (number or name). */
  caller: z.string().max(128),
  /** Campaign from the CTI object, e.g. `Soporte<-`, or null. */
  campaign: z.string().max(128).nullable(),
});
export type PhoneCall = z.infer<typeof phoneCallSchema>;

/** The renderer's phone, as main needs to know it. */
export const phoneStatusSchema = z.object({
  registration: registrationStateSchema,
  call: phoneCallSchema.nullable(),
  /** Missed calls the agent has not dismissed yet (the tray's count and the taskbar badge). */
  missed: z.number().int().nonnegative().max(1000).optional(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** What the tray, a notification or a global shortcut asks the phone to do. */
export const phoneCommandSchema = z.object({
  command: z.enum(['answer', 'reject', 'hang-up', 'show-call']),
  /** The call it concerns, when it came from a notification about one call. */
  callId: z.string().max(128).nullable(),
});
export type PhoneCommand = z.infer<typeof phoneCommandSchema>;

export const rendererLogSchema = z
  .object({
    level: z.enum(['error', 'warn', 'info', 'debug']),
    message: z.string().max(8192),
    /** Extra fields; they pass the same redaction as main's own records. */
    fields: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type RendererLog = z.infer<typeof rendererLogSchema>;

export const diagnosticsSchema = z.object({ text: z.string() });

/** What the page adds to the diagnostics bundle: its SIP trace and who it is (issue 26). */
export const bundleRequestSchema = z
  .object({
    sipTrace: z
      .array(sipTraceEntrySchema)
      .max(SIP_TRACE_MESSAGES)
      .refine((entries) => entries.reduce((sum, e) => sum + e.text.length, 0) <= SIP_TRACE_BUDGET_CHARS, 'the SIP trace is larger than the phone keeps'),
    page: z.object({ userAgent: z.string().max(512), language: z.string().max(35) }).strict(),
  })
  .strict();
export type BundleRequest = z.infer<typeof bundleRequestSchema>;

/**
 * Where the bundle went: saved to the file the person chose (Electron's dialog), not saved (the dialog was
 * closed), or handed to the page to download (the browser host, which has no dialog of its own).
 */
export const bundleReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), fileName: z.string(), bytes: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('download'), fileName: z.string(), bytes: z.number().int().nonnegative(), json: z.string() }),
]);
export type BundleReply = z.infer<typeof bundleReplySchema>;

export const workstationRequests = {
  'workstation.phoneStatus': { request: phoneStatusSchema.strict(), reply: z.object({}) },
  'workstation.log': { request: rendererLogSchema, reply: z.object({}) },
  'workstation.diagnostics': { request: z.object({}).strict(), reply: diagnosticsSchema },
  'workstation.diagnosticsBundle': { request: bundleRequestSchema, reply: bundleReplySchema },
  /** The shift-start check's API step: main reaches the instance (TLS, certificate, clock). */
  'workstation.checkApi': { request: z.object({}).strict(), reply: apiCheckSchema },
  /** The page's report of a check it ran (kept for the diagnostics bundle and logged). */
  'workstation.reportCheck': { request: checkReportSchema, reply: z.object({}) },
} as const;

export const workstationEvents = {
  'workstation.command': phoneCommandSchema,
  'workstation.dialLink': dialLinkResultSchema,
} as const;
