// The quality timelines of the agent's last calls (issue 26): what the
// recent-calls chart shows and the diagnostics bundle carries. One file per
// agent in `<dataDir>/quality-timelines/` (named by a hash of the agent name,
// stored inside too), durable and owner-only like the recent calls
// (durable-json-file.ts), apart from them so the 1,000 recent calls stay small.
//
//   record(agent, id, timeline) ─▶ same id replaced ─▶ newest QUALITY_TIMELINES_KEPT kept ─▶ written
//   get(agent, id)              ─▶ the timeline, or null (never kept, or an older call)
//
// Bounded: 20 calls × 360 points ≈ 650 KB at most. A damaged file is set aside and the list starts again.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { callQualityTimelineSchema, type CallQualityTimeline } from '../../../common/ipc-contract';
import { readStored, writeDurably } from './durable-json-file';

export const QUALITY_TIMELINES_DIR = 'quality-timelines';
/** Calls whose timeline is kept, per agent. */
export const QUALITY_TIMELINES_KEPT = 20;

const keptCallSchema = z.object({ id: z.string().min(1).max(200), timeline: callQualityTimelineSchema }).strict();
export type KeptTimeline = z.infer<typeof keptCallSchema>;
const storedSchema = z.object({ version: z.literal(1), agent: z.string().min(1), calls: z.array(keptCallSchema).max(QUALITY_TIMELINES_KEPT) });

export interface QualityTimelines {
  record(agent: string, id: string, timeline: CallQualityTimeline): void;
  get(agent: string, id: string): CallQualityTimeline | null;
  /** The agent's kept timelines, newest first. */
  list(agent: string): KeptTimeline[];
}

export function openQualityTimelines(dir: string, now: () => Date = () => new Date()): QualityTimelines {
  const fileOf = (agent: string): string => join(dir, `${createHash('sha256').update(agent).digest('hex').slice(0, 32)}.json`);
  const list = (agent: string): KeptTimeline[] => {
    const stored = readStored(fileOf(agent), storedSchema, now);
    // A file of another agent inside (a copied file), or a damaged one (set aside): none kept.
    return stored.kind === 'ok' && stored.value.agent === agent ? stored.value.calls : [];
  };
  return {
    record(agent, id, timeline) {
      const calls = [{ id, timeline }, ...list(agent).filter((kept) => kept.id !== id)].slice(0, QUALITY_TIMELINES_KEPT);
      writeDurably(fileOf(agent), `${JSON.stringify({ version: 1, agent, calls } satisfies z.infer<typeof storedSchema>)}\n`);
    },
    get: (agent, id) => list(agent).find((kept) => kept.id === id)?.timeline ?? null,
    list,
  };
}
