import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallQualityTimeline } from '../../../common/ipc-contract';
import { openQualityTimelines, QUALITY_TIMELINES_KEPT } from '../../../main/services/calls/quality-timelines';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'timelines-'));
  dirs.push(dir);
  return join(dir, 'quality-timelines');
};
const timeline = (mos: number): CallQualityTimeline => ({
  startedAt: '2026-11-26T10:40:00.000Z', everySeconds: 5, droppedPoints: 0, pairs: [],
  points: [{ atSeconds: 5, packets: 250, lossPercent: 0, jitterMs: 2, rttMs: 10, mos }],
});

describe('the quality timelines main keeps', () => {
  it('keeps the last calls\' timelines per agent, newest first, owner-only', () => {
    const dir = folder();
    const store = openQualityTimelines(dir);
    for (let i = 0; i < QUALITY_TIMELINES_KEPT + 5; i += 1) store.record('ana', `c-${i}`, timeline(4));
    store.record('bruno', 'b-1', timeline(3));
    const kept = store.list('ana');
    expect(kept).toHaveLength(QUALITY_TIMELINES_KEPT);
    expect(kept[0]!.id).toBe(`c-${QUALITY_TIMELINES_KEPT + 4}`);
    expect(store.get('ana', 'c-0')).toBeNull();
    expect(store.get('ana', 'b-1')).toBeNull();
    expect(store.get('bruno', 'b-1')?.points[0]?.mos).toBe(3);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
  });

  it('replaces a call recorded again', () => {
    const store = openQualityTimelines(folder());
    store.record('ana', 'c-1', timeline(4));
    store.record('ana', 'c-1', timeline(2));
    expect(store.list('ana').map((k) => k.timeline.points[0]?.mos)).toEqual([2]);
  });
});
