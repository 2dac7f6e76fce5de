// The calls area's part of the contract (issue 4): what the agent can call
// through, Make Call, the API's Hang Up Call (fallback when SIP signalling is
// gone), dispositions into the outbox, and the outbox's "n waiting to send".
import { z } from 'zod';
import { DATE_TIME_RE, transferTargetSchema } from '../domain';
import { saySchema } from './result';
import { callQualityTimelineSchema } from './call-quality';

const empty = z.object({}).strict();

/** A campaign the agent can place manual calls through: it has a DID (the caller id Make Call sends). */
export const manualCampaignSchema = z.object({ name: z.string(), did: z.string() });
export type ManualCampaign = z.infer<typeof manualCampaignSchema>;

/** A transfer the platform reported done: the target as the agent chose it (with its directory name, if any) and when. */
export const callTransferSchema = z
  .object({
    target: transferTargetSchema,
    /** The directory entry's name, or the campaign's name; '' when typed. */
    name: z.string().max(80),
    at: z.iso.datetime(),
    /** Blind, or attended (the agent talked to the target first). */
    mode: z.enum(['blind', 'attended']),
  })
  .strict();
export type CallTransfer = z.infer<typeof callTransferSchema>;

/** Disposition choices of one campaign; free text stays allowed beside them. */
export const dispositionChoicesSchema = z.object({
  l1: z.array(z.string()),
  l2: z.array(z.string()),
  l3: z.array(z.string()),
});
export type DispositionChoices = z.infer<typeof dispositionChoicesSchema>;

export const callsSetupSchema = z.object({
  manualCampaigns: z.array(manualCampaignSchema),
  /** Whether the platform listed the campaigns (false: it could not be asked; `problemsSaid` says why, and the page asks again). */
  campaignsListed: z.boolean(),
  /** The campaign chosen last time (remembered in main), when it is still offered. */
  lastCampaign: z.string().nullable(),
  /** Campaigns whose calls are answered automatically (`auto_answer` = 1). */
  autoAnswerCampaigns: z.array(z.string()),
  /** Dialers a callback can be rescheduled to (Get Dialers); empty when the agent may not list them. */
  dialers: z.array(z.string()),
  /** Per campaign name; `*` holds the choices for any campaign not listed. */
  dispositionChoices: z.record(z.string(), dispositionChoicesSchema),
  /** What went wrong reading the calls' setup (the campaign list, the choices file, a damaged list), in English for logs, or null. */
  problem: z.string().nullable(),
  /** The same problems as message keys, one per cause, for the page's language. */
  problemsSaid: z.array(saySchema).max(4),
  /** Seconds of after-call work each campaign's queue gives (`wrapuptime`), for campaigns that set one. */
  wrapUpSeconds: z.record(z.string(), z.number().int().nonnegative()),
  /** The campaigns a call of each campaign may be transferred to (`transferCampaigns`), for campaigns that list any. */
  transferCampaigns: z.record(z.string(), z.array(z.string())),
  /** Where the agent transferred calls last (newest first, at most 8), kept by main across runs. */
  recentTransferTargets: z.array(transferTargetSchema).max(8),
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
  /** The same as a message key, for the agent's language; null when there is none (the English text is shown). */
  lastErrorSay: saySchema.nullable(),
  parked: z.number().int().nonnegative(),
  nextRetryAt: z.number().nullable(),
});
export type OutboxStatusView = z.infer<typeof outboxStatusSchema>;

/**
 * What the agent typed in a disposition form and has not sent yet (issue 12): kept with its wrap-up,
 * so that a new call, a reload or a restart of the app loses none of it. Same limits as the request.
 */
export const wrapUpDraftSchema = z
  .object({
    l1: z.string().max(200), l2: z.string().max(200), l3: z.string().max(200),
    d1: z.string().max(500), d2: z.string().max(500), comment: z.string().max(2000), tag: z.string().max(200),
    callback: z.boolean(),
    /** `<input type=datetime-local>` value. */
    callbackAt: z.string().max(32),
    callbackDialer: z.string().max(256),
  })
  .strict();
export type WrapUpDraft = z.infer<typeof wrapUpDraftSchema>;

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
    /**
     * How the call ended when the agent should know before recording it:
     * `dropped-by-network` = the phone lost the call (the platform no longer
     * knew it, or never answered the refresh after a network loss). Absent: a
     * plain hang-up by either side.
     */
    end: z.enum(['dropped-by-network']).optional(),
    /** The form as the agent left it (with the call's notes in the comment), until sent or discarded. */
    draft: wrapUpDraftSchema.optional(),
    /** The call was transferred (issue 22): where to, as the agent chose it, and when the platform reported it done. */
    transfer: callTransferSchema.optional(),
  })
  .strict();
export type WrapUpRecord = z.infer<typeof wrapUpRecordSchema>;

/** The campaign form of a call, to open outside the app (address from IT's template; main builds and checks it). */
export const openFormRequestSchema = z
  .object({ guid: z.string().max(200), caller: z.string().max(64), campaign: z.string().max(256), form: z.string().trim().min(1).max(128) })
  .strict();
/** `opened`: main opened it in the system's browser (Electron); else the page opens `url` in a new tab. */
export const openFormReplySchema = z.object({ url: z.string(), opened: z.boolean() });
export type OpenFormRequest = z.infer<typeof openFormRequestSchema>;
export type OpenFormReply = z.infer<typeof openFormReplySchema>;

/** A callback the agent scheduled in a disposition ("My callbacks"). */
export const myCallbackSchema = z
  .object({
    guid: z.string().trim().min(1).max(200),
    caller: z.string().max(64),
    campaign: z.string().max(256),
    /** The dialer it was rescheduled to ('' = the platform's choice). */
    dialer: z.string().max(256),
    /** When, as the platform takes it: `YYYY-MM-DD hh:mm:ss` (the workstation's time). */
    at: z.string().regex(DATE_TIME_RE),
  })
  .strict();
export type MyCallback = z.infer<typeof myCallbackSchema>;

/** The signed-in agent's pending wrap-ups, oldest first. */
const wrapUpListSchema = z.array(wrapUpRecordSchema);

/** A disposition the outbox gave up on (the platform kept refusing it, or it can never pass as is), kept for the agent. */
export const parkedDispositionSchema = z.object({
  /** The outbox entry's id. */
  id: z.string().max(200),
  /** What was saved; null when the saved copy could not be read back (the journal keeps it). */
  disposition: dispositionRequestSchema.nullable(),
  /** Why it was parked, in English: what the platform answered and how many times. */
  reason: z.string().max(4000),
  /** The same as a message key, for the agent's language; null for one parked before keys were kept. */
  say: saySchema.nullable(),
});
export type ParkedDisposition = z.infer<typeof parkedDispositionSchema>;

/**
 * A call that reached the phone and was not taken: it rang out, the caller
 * gave up (abandoned), the agent rejected it, it was offered while the
 * agent was on another call and not taken, or the platform restarted (or the
 * connection to it was lost, when the phone cannot tell which) while it rang, or the
 * agent's page was reloaded or crashed while it rang (issue 24). Kept per agent on disk until the
 * agent dismisses it (bounded: the newest 1,000, at most 30 days).
 */
export const missedCallReasonSchema = z.enum(['rang-out', 'abandoned', 'rejected', 'offered-while-busy', 'platform-restarted', 'connection-lost', 'page-reloaded']);
export type MissedCallReason = z.infer<typeof missedCallReasonSchema>;

export const missedCallSchema = z
  .object({
    /** The phone's id of the call (unique per call). */
    id: z.string().trim().min(1).max(200),
    guid: z.string().max(200).nullable(),
    /** The customer's number as the call showed it. */
    caller: z.string().max(64),
    campaign: z.string().max(256).nullable(),
    /** When it reached the phone, and when it stopped ringing (ISO). */
    offeredAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    reason: missedCallReasonSchema,
  })
  .strict();
export type MissedCall = z.infer<typeof missedCallSchema>;

/**
 * One call of the agent's recent calls (issue 12): a missed one (as above), an answered one, or one
 * the network dropped; with how long it lasted. Kept by main per agent with the missed calls (the
 * same file, bounds and owner-only mode); a missed call is "unseen" until the agent dismisses it.
 */
export const recentCallSchema = missedCallSchema
  .extend({
    outcome: z.enum(['missed', 'answered', 'dropped', 'transferred']),
    /** Where an answered call was transferred (issue 22); absent for the others and in records of older versions. */
    transfer: callTransferSchema.optional(),
    /** Why a missed call was missed; null for the others. */
    reason: missedCallReasonSchema.nullable(),
    /** What cut a dropped call off, when the phone knows (issue 23); absent for the others and in older records. */
    cut: z.enum(['platform-restarted', 'network', 'connection-lost']).optional(),
    /** Seconds talked (answered or dropped), else 0. */
    talkSeconds: z.number().int().nonnegative().max(7 * 24 * 3600),
    /** A missed call the agent has not dismissed yet. */
    unseen: z.boolean(),
  })
  .strict();
export type RecentCall = z.infer<typeof recentCallSchema>;
/**
 * What the page reports when an answered call ends; with its quality timeline when its media started
 * (main keeps the timelines apart, for the last QUALITY_TIMELINES_KEPT calls: call-quality.ts).
 */
export const finishedCallSchema = recentCallSchema
  .omit({ outcome: true, reason: true, unseen: true })
  .extend({ outcome: z.enum(['answered', 'dropped', 'transferred']), quality: callQualityTimelineSchema.optional() })
  .strict();
export type FinishedCall = z.infer<typeof finishedCallSchema>;

/** The signed-in agent's missed calls not yet dismissed, newest first. */
const missedCallListSchema = z.array(missedCallSchema);

export const callsRequests = {
  'calls.setup': { request: empty, reply: callsSetupSchema },
  'calls.makeCall': { request: makeCallRequestSchema, reply: placedCallSchema },
  'calls.hangUp': { request: empty, reply: z.object({ hungUp: z.boolean() }) },
  'calls.submitDisposition': { request: dispositionRequestSchema, reply: z.object({ id: z.string(), status: outboxStatusSchema }) },
  'calls.outboxStatus': { request: empty, reply: outboxStatusSchema },
  'calls.pendingWrapUps': { request: empty, reply: wrapUpListSchema },
  'calls.keepWrapUp': { request: wrapUpRecordSchema, reply: wrapUpListSchema },
  'calls.openForm': { request: openFormRequestSchema, reply: openFormReplySchema },
  /** The agent chose (and confirmed) not to record a disposition for this call. */
  'calls.discardWrapUp': { request: z.object({ guid: z.string().trim().min(1).max(200) }).strict(), reply: wrapUpListSchema },
  'calls.parkedDispositions': { request: empty, reply: z.array(parkedDispositionSchema) },
  /** Puts a parked disposition back in line (the agent fixed the cause, or wants one more try). */
  'calls.retryParked': { request: z.object({ id: z.string().trim().min(1).max(200) }).strict(), reply: outboxStatusSchema },
  'calls.missedCalls': { request: empty, reply: missedCallListSchema },
  'calls.recordMissed': { request: missedCallSchema, reply: missedCallListSchema },
  /** An answered call ended (or the network dropped it): it joins the recent calls. */
  'calls.recordFinished': { request: finishedCallSchema, reply: z.array(recentCallSchema) },
  /** The callbacks the agent scheduled, soonest first. */
  'calls.myCallbacks': { request: empty, reply: z.array(myCallbackSchema) },
  'calls.callbackDone': { request: z.object({ guid: z.string().trim().min(1).max(200) }).strict(), reply: z.array(myCallbackSchema) },
  /** The agent's recent calls, newest first (30 days, 1,000 at most). */
  'calls.recentCalls': { request: empty, reply: z.array(recentCallSchema) },
  /** One recent call's quality timeline, or null when none is kept (only the last calls keep one). */
  'calls.qualityTimeline': { request: z.object({ id: z.string().trim().min(1).max(200) }).strict(), reply: callQualityTimelineSchema.nullable() },
  /** The agent saw these (ids), or all of them (`all`). */
  'calls.dismissMissed': {
    request: z.union([z.object({ ids: z.array(z.string().trim().min(1).max(200)).min(1).max(1000) }).strict(), z.object({ all: z.literal(true) }).strict()]),
    reply: missedCallListSchema,
  },
} as const;

export const callsEvents = {
  'calls.outboxStatus': outboxStatusSchema,
} as const;
