import { describe, expect, it } from 'vitest';
import type { CallQualityTimeline } from '../../../common/ipc-contract';
import { en } from '../../../common/i18n/en';
import { es } from '../../../common/i18n/es';
import { mosSegments, qualityWords, summariseQuality } from '../../../renderer/src/agent/quality-summary';

const timeline = (points: Partial<CallQualityTimeline['points'][number]>[], pairs: CallQualityTimeline['pairs'] = []): CallQualityTimeline => ({
  startedAt: '2026-11-26T10:40:00.000Z', everySeconds: 5, droppedPoints: 0, pairs,
  points: points.map((p, i) => ({ atSeconds: (i + 1) * 5, packets: 250, lossPercent: 0, jitterMs: 2, rttMs: 10, mos: 4.4, ...p })),
});
const silent = { packets: 0, lossPercent: null, jitterMs: null, mos: null };
const translate = (dictionary: Record<string, string>) => (key: string, params: Record<string, string> = {}): string =>
  (dictionary[key] ?? key).replace(/\{(\w+)\}/gu, (_, name: string) => params[name] ?? `{${name}}`);

describe('a call\'s quality in words', () => {
  it('names the average, the worst moment, the worst loss, jitter and round trip, and the path', () => {
    const t = timeline([{}, { mos: 3.1, lossPercent: 6, jitterMs: 30, rttMs: 120 }, silent, {}], [{ atSeconds: 0, pair: { local: 'relay', remote: 'host', protocol: 'udp', relayProtocol: 'tcp' } }]);
    expect(summariseQuality(t)).toMatchObject({ heard: 3, silent: 1, averageMos: 4, worst: { mos: 3.1, atSeconds: 10 }, maxLossPercent: 6, maxJitterMs: 30, maxRttMs: 120 });
    expect(qualityWords(translate(en), t).join(' ')).toBe(
      'Average MOS 4.0, worst 3.1 at 00:10. Loss up to 6.0%, jitter up to 30 ms, round trip up to 120 ms. No audio arrived during 5 s of the call. Audio path: through a TURN relay (reached over TCP) ↔ direct address.',
    );
    expect(qualityWords(translate(es), t)[0]).toContain('MOS promedio 4.0, el peor 3.1 en 00:10');
  });

  it('gives a call without audio no MOS at all', () => {
    const t = timeline([silent, silent]);
    expect(summariseQuality(t).averageMos).toBeNull();
    expect(qualityWords(translate(en), t)).toEqual(['No audio arrived during this call: there is no MOS to show.']);
  });

  it('draws the MOS line with a gap where no audio arrived', () => {
    const segments = mosSegments(timeline([{}, {}, silent, {}]), (i: number) => i * 10);
    expect(segments).toHaveLength(2);
    expect(segments[0]).toMatch(/^M0\.0,[\d.]+ L10\.0,[\d.]+$/u);
    expect(segments[1]).toMatch(/^M30\.0,/u);
  });
});
