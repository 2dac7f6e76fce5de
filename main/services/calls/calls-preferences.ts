// The agent's last manual campaign, remembered across runs in the data folder
// (`calls.json`). A missing or unreadable file means "no choice yet".
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

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
      try {
        const parsed = preferencesSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
        return parsed.success ? parsed.data : { lastCampaign: null };
      } catch {
        return { lastCampaign: null };
      }
    },
    write(preferences) {
      // Losing this choice costs one click; failing the call for it would cost more.
      try {
        writeFileSync(path, JSON.stringify(preferences), { mode: 0o600 });
      } catch {
        /* ignored on purpose */
      }
    },
  };
}
