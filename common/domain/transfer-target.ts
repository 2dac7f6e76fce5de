// Where a call can be transferred (issue 22): a colleague's extension, a
// campaign (reached through its queue: the SIP user part is the campaign's
// name, percent-encoded), or an outside number. IT's transfer directory names
// targets (like Amazon Connect's quick connects); the agent can also type an
// extension or a number unless IT locked the directory.
import { z } from 'zod';

export const EXTENSION_RE = /^[0-9A-Za-z][0-9A-Za-z_.-]{0,31}$/u;
export const OUTSIDE_NUMBER_RE = /^\+?[0-9]{3,20}$/u;

export const transferTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('extension'), extension: z.string().regex(EXTENSION_RE, 'an extension is letters and digits, e.g. 1002') }).strict(),
  z.object({ kind: z.literal('campaign'), campaign: z.string().trim().min(1).max(256) }).strict(),
  z.object({ kind: z.literal('number'), number: z.string().regex(OUTSIDE_NUMBER_RE, 'a number is 3 to 20 digits, an optional + first') }).strict(),
]);
export type TransferTarget = z.infer<typeof transferTargetSchema>;

/** One entry of IT's transfer directory: what the agent sees, and where it goes. */
export const directoryEntrySchema = z.object({ name: z.string().trim().min(1).max(80), target: transferTargetSchema }).strict();
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const MAX_DIRECTORY_ENTRIES = 200;
export const transferDirectorySchema = z.array(directoryEntrySchema).max(MAX_DIRECTORY_ENTRIES);

/** The target's address part, as a person reads it: `1002`, `Soporte<-`, `+59899123456`. */
export function targetText(target: TransferTarget): string {
  switch (target.kind) {
    case 'extension':
      return target.extension;
    case 'campaign':
      return target.campaign;
    case 'number':
      return target.number;
  }
}

/** Whether two targets reach the same place. */
export function sameTarget(a: TransferTarget, b: TransferTarget): boolean {
  return a.kind === b.kind && targetText(a) === targetText(b);
}

/**
 * What the agent typed, read as a target: digits (with an optional +, spaces, dashes, dots and
 * brackets dropped) of 6 or more are an outside number, 1 to 5 digits an extension. Words are
 * not targets (they filter the directory; IT names other extensions there). Null otherwise.
 */
export function typedTarget(text: string): TransferTarget | null {
  const digits = text.trim().replace(/[\s().-]/gu, '');
  if (/^\+?[0-9]{6,20}$/u.test(digits)) return { kind: 'number', number: digits };
  if (/^[0-9]{1,5}$/u.test(digits)) return { kind: 'extension', extension: digits };
  return null;
}
