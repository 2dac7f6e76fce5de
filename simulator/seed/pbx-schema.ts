// The PBX's own settings behind the platform, which the Integra spec does not
// show (its campaign records stay the spec's): transfers refused per campaign
// (Asterisk's `allow_transfer=no`), when a blind transfer reports success, how
// long a transferring agent's leg waits for its BYE, and how the simulated
// outside numbers a phone may call behave.
import { z } from 'zod';

const int = z.number().int();

/**
 * What the dialplan takes for an outside number: `+` and 3–20 digits, or 6–20
 * digits. Up to 5 digits without `+` is the extension pattern (`_X.` … `_XXXXX`):
 * an extension no agent has is unknown (404), never an outside number.
 */
export const OUTSIDE_NUMBER = /^(?:\+\d{3,20}|\d{6,20})$/;
export const outsideNumberText = z.string().regex(OUTSIDE_NUMBER, 'an outside number: + and 3–20 digits, or 6–20 digits');

const outsidePartiesFields = {
  /** Numbers that answer busy (486). */
  busy: z.array(outsideNumberText).max(1000),
  /** Numbers that ring and never answer (the ring timeout gives up: 480). */
  noAnswer: z.array(outsideNumberText).max(1000),
  /** Any other number rings this long, then answers (with a tone). */
  answerAfterMs: int.min(0).max(600_000),
  /** How long an outside number rings before the platform gives up. */
  ringTimeoutMs: int.min(100).max(600_000),
};

export const outsidePartiesSchema = z.strictObject({
  busy: outsidePartiesFields.busy.default([]),
  noAnswer: outsidePartiesFields.noAnswer.default([]),
  answerAfterMs: outsidePartiesFields.answerAfterMs.default(2_000),
  ringTimeoutMs: outsidePartiesFields.ringTimeoutMs.default(45_000),
});
export type OutsidePartiesSettings = z.infer<typeof outsidePartiesSchema>;

/** A change of some of the outside parties' settings (no defaults: what is not given stays). */
export const outsidePartiesChangeSchema = z.strictObject(outsidePartiesFields).partial();

export const blindTransferFinals = ['early', 'on-answer'] as const;
export type BlindTransferFinal = (typeof blindTransferFinals)[number];

export const pbxSchema = z.strictObject({
  /** Campaigns whose calls may not be transferred (Asterisk `allow_transfer=no`: 603 to the REFER). */
  transfersRefused: z.array(z.string().min(1)).default([]),
  /** `early`: NOTIFY 200 right after 180 (ringback counts as bridged: Asterisk's reading); `on-answer`: when the target answers. */
  blindTransferFinal: z.enum(blindTransferFinals).default('early'),
  /** A transferring agent's leg waits this long for the phone's BYE, then the platform sends it (Asterisk: 60 s). */
  transfererByeWaitMs: int.min(100).max(600_000).default(60_000),
  outsideParties: outsidePartiesSchema.prefault({}),
  /** The echo test's extension (Asterisk's sample dialplan: `exten => *43,1,Answer()` then `Echo()`): plays back what it hears. */
  echoExtension: z.string().regex(/^[0-9*#]{1,32}$/u).default('*43'),
});
export type PbxSeed = z.infer<typeof pbxSchema>;
