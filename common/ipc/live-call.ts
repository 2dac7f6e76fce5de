// A live call as the page reports it to main (issue 24), so that a reloaded
// page (or one whose renderer crashed) can take the call over: the SIP
// dialog's state (RFC 3261 §12: Call-ID, tags, the local CSeq, the remote
// target and the route set, the URIs) and what the agent saw of the call
// (CTI, notes, hold, mute, when it was answered). Everything is bounded: a
// page cannot grow main's memory with it.
import { z } from 'zod';
import { CtiSchema } from '../domain/cti';
import { transferTargetSchema } from '../domain/transfer-target';

const token = z.string().min(1).max(256);
const uri = z.string().min(1).max(1024);

export const liveDialogSchema = z
  .object({
    callId: token,
    localTag: token,
    remoteTag: token,
    /** The last CSeq number the phone sent in the dialog (null: it sent none yet, it answered the INVITE). */
    localSeq: z.number().int().min(0).max(2 ** 31 - 1).nullable(),
    /** Where in-dialog requests go: the far end's Contact. */
    remoteTarget: uri,
    /** Route header values, in the order they are sent. */
    routeSet: z.array(uri).max(16),
    localUri: uri,
    remoteUri: uri,
  })
  .strict();
export type LiveDialog = z.infer<typeof liveDialogSchema>;

/** An INVITE under way (a consultation still ringing): what a CANCEL of it needs (RFC 3261 §9.1). */
export const diallingInviteSchema = z
  .object({ callId: token, fromTag: token, branch: token, cseq: z.number().int().min(1).max(2 ** 31 - 1), requestUri: uri, fromUri: uri, toUri: uri })
  .strict();
export type DiallingInvite = z.infer<typeof diallingInviteSchema>;

const MAX_CTI_CHARS = 16_000;

export const liveCallSnapshotSchema = z
  .object({
    /** The page's id of the call (kept across a take-over, so its notes and records stay one call's). */
    id: token,
    /** Null while it rings (an INVITE not answered has no dialog to take over). */
    dialog: liveDialogSchema.nullable(),
    direction: z.enum(['incoming', 'outgoing']),
    /** `ringing`: not answered yet (a take-over records it as missed, never answers it). */
    state: z.enum(['ringing', 'active', 'held']),
    remoteUser: z.string().max(256),
    remoteDisplayName: z.string().max(256),
    cti: CtiSchema.nullable().refine((cti) => cti === null || JSON.stringify(cti).length <= MAX_CTI_CHARS, `the CTI object is longer than ${MAX_CTI_CHARS} characters`),
    ctiError: z.string().max(1000).nullable(),
    referredBy: z.string().max(256).nullable(),
    /** When it reached the phone, was answered and (if held) put on hold, epoch ms. */
    offeredAt: z.number().int().nonnegative(),
    answeredAt: z.number().int().nonnegative().nullable(),
    heldSince: z.number().int().nonnegative().nullable(),
    muted: z.boolean(),
    autoAnswered: z.boolean(),
    /** Notes typed during the call so far. */
    notes: z.string().max(2000),
    /**
     * A consultation leg (the agent's call to a colleague about a held customer, issue 22): the customer's
     * call it is about (its `id`) and the target as the agent chose it. Absent on a customer's call.
     */
    consultation: z.object({ of: token, target: z.string().max(256) }).strict().optional(),
    /**
     * A blind transfer of this call the platform has not reported final yet (REFER sent, NOTIFYs to come):
     * the new page follows its NOTIFYs after the take-over. Absent when none is under way.
     */
    transfer: z
      .object({ target: z.string().max(256), stage: z.enum(['requested', 'trying', 'ringing']), at: z.number().int().nonnegative() })
      .strict()
      .optional(),
    /** What the agent chose for a transfer of this call (the wrap-up of a transferred call says where it went, by the directory's name). */
    chosenTransfer: z
      .object({ target: transferTargetSchema, name: z.string().max(256), mode: z.enum(['blind', 'attended']) })
      .strict()
      .optional(),
    /** A consultation still ringing (state `ringing`, no dialog): the new page cancels it with this. */
    dialling: diallingInviteSchema.optional(),
    /** The Make Call this call answers, when it is one (its wrap-up names the number dialled). */
    placed: z
      .object({
        guid: z.string().max(200), destination: z.string().max(64), extension: z.string().max(64).nullable(),
        campaign: z.string().max(256), callerid: z.string().max(64),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type LiveCallSnapshot = z.infer<typeof liveCallSnapshotSchema>;
