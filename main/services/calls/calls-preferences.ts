// The agent's last manual campaign and the last transfer targets (issue 22),
// remembered across runs in the data folder (`calls.json`). A missing or unreadable file means "no choice yet"; so does
// anything but a regular file of at most MAX_STATE_FILE_BYTES (a FIFO there
// would hang main). Written through a temporary file renamed over it, so a
// FIFO in its place cannot hang the write either.
import { join } from 'node:path';
import { z } from 'zod';
import { sameTarget, transferTargetSchema, type TransferTarget } from '../../../common/domain/transfer-target';
import { MAX_STATE_FILE_BYTES, readRegularFileSync } from '../files';
import { writeDurably } from './durable-json-file';

const MAX_RECENT_TARGETS = 8;
const preferencesSchema = z.object({
  lastCampaign: z.string().nullable(),
  // Files of earlier versions have none; a broken list costs the agent a few recent targets, never the file.
  recentTransferTargets: z.array(transferTargetSchema).max(MAX_RECENT_TARGETS).catch([]).default([]),
});
export type CallsPreferences = z.infer<typeof preferencesSchema>;
const NONE: CallsPreferences = { lastCampaign: null, recentTransferTargets: [] };

export interface PreferencesStore {
  read(): CallsPreferences;
  /** Changes what `change` names, keeps the rest. */
  write(change: Partial<CallsPreferences>): void;
}

/** `used` first, then the others without it, at most MAX_RECENT_TARGETS. */
export function withRecentTarget(targets: readonly TransferTarget[], used: TransferTarget): TransferTarget[] {
  return [used, ...targets.filter((target) => !sameTarget(target, used))].slice(0, MAX_RECENT_TARGETS);
}

export function fileCallsPreferences(dataDir: string): PreferencesStore {
  const path = join(dataDir, 'calls.json');
  const read = (): CallsPreferences => {
    const file = readRegularFileSync(path, MAX_STATE_FILE_BYTES);
    if (!file.ok) return NONE;
    try {
      const parsed = preferencesSchema.safeParse(JSON.parse(file.bytes.toString('utf8')));
      return parsed.success ? parsed.data : NONE;
    } catch {
      return NONE;
    }
  };
  return {
    read,
    write(change) {
      // Losing this choice costs one click; failing the call for it would cost more.
      try {
        writeDurably(path, JSON.stringify({ ...read(), ...change }));
      } catch {
        /* ignored on purpose */
      }
    },
  };
}
