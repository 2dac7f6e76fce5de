// The agent's last manual campaign, remembered across runs in the data folder
// (`calls.json`). A missing or unreadable file means "no choice yet"; so does
// anything but a regular file of at most MAX_STATE_FILE_BYTES (a FIFO there
// would hang main). Written through a temporary file renamed over it, so a
// FIFO in its place cannot hang the write either.
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_STATE_FILE_BYTES, readRegularFileSync } from '../files';
import { writeDurably } from './durable-json-file';

const preferencesSchema = z.object({ lastCampaign: z.string().nullable() });
export type CallsPreferences = z.infer<typeof preferencesSchema>;

export interface PreferencesStore {
  read(): CallsPreferences;
  write(preferences: CallsPreferences): void;
}

export function fileCallsPreferences(dataDir: string): PreferencesStore {
  const path = join(dataDir, 'calls.json');
  return {
    read() {
      const read = readRegularFileSync(path, MAX_STATE_FILE_BYTES);
      if (!read.ok) return { lastCampaign: null };
      try {
        const parsed = preferencesSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
        return parsed.success ? parsed.data : { lastCampaign: null };
      } catch {
        return { lastCampaign: null };
      }
    },
    write(preferences) {
      // Losing this choice costs one click; failing the call for it would cost more.
      try {
        writeDurably(path, JSON.stringify(preferences));
      } catch {
        /* ignored on purpose */
      }
    },
  };
}
