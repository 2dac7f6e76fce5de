/**
 * One line of the outbox journal (JSON Lines). The journal is append-only:
 * an entry is `add`ed before it is sent, each send is preceded by an
 * `attempt` (so a replay knows the platform may already have it), and it ends
 * with `done` (the platform said OK) or `park` (it can never succeed as is;
 * kept for a person to look at, never dropped). `unpark` puts it back in line.
 */
import { z } from 'zod';
import { saySchema } from '../../../common/ipc/result';
import type { Say } from '../../../common/i18n/say';

const base = { v: z.literal(1), id: z.string().min(1).max(100), at: z.string() };

export const journalRecordSchema = z.discriminatedUnion('op', [
  z.object({ ...base, op: z.literal('add'), item: z.unknown() }),
  z.object({ ...base, op: z.literal('attempt'), n: z.number().int().nonnegative() }),
  z.object({ ...base, op: z.literal('done') }),
  // `say`: the reason as a message key, for the agent's language (journals before it have the English text only).
  z.object({ ...base, op: z.literal('park'), reason: z.string(), say: saySchema.optional() }),
  z.object({ ...base, op: z.literal('unpark') }),
]);

export type JournalRecord = z.infer<typeof journalRecordSchema>;

/** Records as written: the version and time are filled in by the journal. */
export type JournalRecordInput =
  | { op: 'add'; id: string; item: unknown }
  | { op: 'attempt'; id: string; n: number }
  | { op: 'done'; id: string }
  | { op: 'park'; id: string; reason: string; say?: Say }
  | { op: 'unpark'; id: string };

export type ParsedLine = { ok: true; record: JournalRecord } | { ok: false; reason: string };

export function parseJournalLine(line: string): ParsedLine {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'not JSON (torn or garbled write)' };
  }
  const parsed = journalRecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `not a journal record (${parsed.error.issues[0]?.message ?? 'invalid'})` };
  return { ok: true, record: parsed.data };
}
