/**
 * The outbox's ports and the values it reports, apart from the machinery.
 */
import type { z } from 'zod';
import type { Say } from '../../../common/i18n/say';
import type { BackoffPolicy, RandomSource } from '../../../common/backoff';
import type { Clock } from '../connectivity/clock';

/**
 * What a send attempt came to. `retry`: it may succeed later (offline,
 * refused, timeout, 5xx, a body that is not the answer, `0` after the client's
 * own re-auth). `permanent`: it can never succeed as is (bad input); the entry
 * is parked for a person, never dropped.
 */
export type SendOutcome = { kind: 'ok' } | { kind: 'retry'; reason: string; say?: Say } | { kind: 'permanent'; reason: string; say?: Say };

export interface SendContext {
  readonly id: string;
  /** 1 for the first attempt of this entry (counting attempts before a restart). */
  readonly attempt: number;
}

/** Sends one item. Must honour `signal` (close or the outbox's own time limit). A throw counts as `retry`. */
export type SendPort<T> = (item: T, signal: AbortSignal, ctx: SendContext) => Promise<SendOutcome>;

/** Anything that says "the network is back, try now" (the connectivity service fits). */
export interface OnlineSignal {
  onChange(listener: (change: { state: 'online' | 'offline' }) => void): () => void;
}

export interface OutboxOptions<T> {
  /** Directory of the journal (created and fsync'd if missing). */
  readonly dir: string;
  /** Journal base name: `<name>.jsonl`, `<name>.quarantine.jsonl`. */
  readonly name?: string;
  /** Parses items read back from disk; an unreadable one is parked, not dropped. */
  readonly schema: z.ZodType<T>;
  readonly send: SendPort<T>;
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly backoff?: BackoffPolicy;
  /** After this many failed attempts of one entry it is parked (default 60: about 4 h at the 5 min cap). */
  readonly maxAttempts?: number;
  /** Abort a send that takes longer (default 30 s). */
  readonly sendTimeoutMs?: number;
  readonly online?: OnlineSignal;
  readonly newId?: () => string;
  /** Test hook: runs after an `add` is fsync'd and before anything is sent (crash tests stop the process here). */
  readonly afterJournaled?: (id: string) => void | Promise<void>;
}

export interface OutboxStatus {
  /** Waiting to be sent (including the one being sent). */
  readonly pending: number;
  readonly sending: boolean;
  /** The last failure in plain words, cleared by the next success. */
  readonly lastError: string | null;
  /** The same as a message key, for the person's language (null when the sender gave none). */
  readonly lastErrorSay: Say | null;
  /** Need a person: the platform refused them as they are. */
  readonly parked: number;
  /** When the next retry is due (epoch ms), or null. */
  readonly nextRetryAt: number | null;
}

export interface ParkedEntry<T> {
  readonly id: string;
  /** null when the stored item could not be read back (it is still in the journal). */
  readonly item: T | null;
  readonly reason: string;
  /** The reason as a message key, when the sender gave one. */
  readonly say: Say | null;
}

export interface OutboxEvents {
  status: OutboxStatus;
  sent: { id: string };
  parked: { id: string; reason: string };
  /** Corrupt journal lines moved aside at open. */
  quarantined: { count: number; file: string };
  /** Entries read back at open; `inDoubt` had a send started before the restart (the platform may have them). */
  replayed: { count: number; inDoubt: number };
}
