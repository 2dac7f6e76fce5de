// The calls area's part of the contract (issue 4): what the agent can call
// through, Make Call, the API's Hang Up Call (fallback when SIP signalling is
// gone), dispositions into the outbox, and the outbox's "n waiting to send".
import { z } from 'zod';
import { DATE_TIME_RE } from '../domain';

const empty = z.object({}).strict();

/** A campaign the agent can place manual calls through: it has a DID (the caller id Make Call sends). */
export const manualCampaignSchema = z.object({ name: z.string(), did: z.string() });
export type ManualCampaign = z.infer<typeof manualCampaignSchema>;

/** Disposition choices of one campaign; free text stays allowed beside them. */
export const dispositionChoicesSchema = z.object({
  l1: z.array(z.string()),
  l2: z.array(z.string()),
  l3: z.array(z.string()),
});
export type DispositionChoices = z.infer<typeof dispositionChoicesSchema>;

export const callsSetupSchema = z.object({
  manualCampaigns: z.array(manualCampaignSchema),
  /** The campaign chosen last time (remembered in main), when it is still offered. */
  lastCampaign: z.string().nullable(),
  /** Campaigns whose calls are answered automatically (`auto_answer` = 1). */
  autoAnswerCampaigns: z.array(z.string()),
  /** Dialers a callback can be rescheduled to (Get Dialers); empty when the agent may not list them. */
  dialers: z.array(z.string()),
  /** Per campaign name; `*` holds the choices for any campaign not listed. */
  dispositionChoices: z.record(z.string(), dispositionChoicesSchema),
  /** Why the campaign list could not be read, in plain words, or null. */
  problem: z.string().nullable(),
});
export type CallsSetup = z.infer<typeof callsSetupSchema>;

export const makeCallRequestSchema = z
  .object({
    campaign: z.string().trim().min(1, 'choose the campaign to call through').max(256),
    /** As typed; main normalises it (common/phone-number.ts). */
    number: z.string().max(200),
  })
  .strict();
export type MakeCallRequest = z.infer<typeof makeCallRequestSchema>;

export const placedCallSchema = z.object({
  guid: z.string(),
  /** The normalised number Make Call dialled. */
  destination: z.string(),
  /** Digits to send as DTMF once answered, when the number had an extension. */
  extension: z.string().nullable(),
  campaign: z.string(),
  callerid: z.string(),
});
export type PlacedCall = z.infer<typeof placedCallSchema>;

const text = (max: number) => z.string().max(max).default('');

export const dispositionRequestSchema = z
  .object({
    guid: z.string().trim().min(1, 'the call has no GUID').max(200),
    campaign: z.string().trim().min(1, 'the call has no campaign').max(256),
    /** The customer's number. */
    callerid: z.string().trim().min(1, 'the call has no number').max(64),
    l1: z.string().trim().min(1, 'choose or type the result (level 1)').max(200),
    l2: text(200),
    l3: text(200),
    d1: text(500),
    d2: text(500),
    comment: text(2000),
    tag: text(200),
    schedule: z
      .string()
      .refine((s) => s === '' || DATE_TIME_RE.test(s), 'the callback time must be YYYY-MM-DD hh:mm:ss')
      .default(''),
    camptoreschedule: text(256),
  })
  .strict();
export type DispositionRequest = z.infer<typeof dispositionRequestSchema>;

export const outboxStatusSchema = z.object({
  pending: z.number().int().nonnegative(),
  sending: z.boolean(),
  lastError: z.string().nullable(),
  parked: z.number().int().nonnegative(),
  nextRetryAt: z.number().nullable(),
});
export type OutboxStatusView = z.infer<typeof outboxStatusSchema>;

/**
 * A finished call still waiting for its disposition, kept by main on disk
 * until the disposition is in the outbox or the agent discards it.
 */
export const wrapUpRecordSchema = z
  .object({
    guid: z.string().trim().min(1, 'the call has no GUID').max(200),
    campaign: z.string().max(256),
    /** The customer's number (the disposition's `callerid`). */
    callerid: z.string().max(64),
    /** The number dialled (Make Call) or the one the platform called from. */
    destination: z.string().max(64),
    /** When the call was answered (ISO), or null when unknown. */
    startedAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime(),
  })
  .strict();
export type WrapUpRecord = z.infer<typeof wrapUpRecordSchema>;

/** The signed-in agent's pending wrap-ups, oldest first. */
const wrapUpListSchema = z.array(wrapUpRecordSchema);

export const callsRequests = {
  'calls.setup': { request: empty, reply: callsSetupSchema },
  'calls.makeCall': { request: makeCallRequestSchema, reply: placedCallSchema },
  'calls.hangUp': { request: empty, reply: z.object({ hungUp: z.boolean() }) },
  'calls.submitDisposition': { request: dispositionRequestSchema, reply: z.object({ id: z.string(), status: outboxStatusSchema }) },
  'calls.outboxStatus': { request: empty, reply: outboxStatusSchema },
  'calls.pendingWrapUps': { request: empty, reply: wrapUpListSchema },
  'calls.keepWrapUp': { request: wrapUpRecordSchema, reply: wrapUpListSchema },
  /** The agent chose (and confirmed) not to record a disposition for this call. */
  'calls.discardWrapUp': { request: z.object({ guid: z.string().trim().min(1).max(200) }).strict(), reply: wrapUpListSchema },
} as const;

export const callsEvents = {
  'calls.outboxStatus': outboxStatusSchema,
} as const;
