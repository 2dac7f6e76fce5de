// A call's quality over time (issue 26): the phone reads getStats every second
// and keeps one point every QUALITY_POINT_SECONDS, each measured over its own
// interval; main keeps the last calls' timelines for the recent-calls chart
// and the diagnostics bundle. No figure without packets behind it: a point of
// an interval in which no audio arrived has no loss, jitter or MOS.
import { z } from 'zod';
import { QUALITY_POINTS_MAX } from './phone-bounds';

export { QUALITY_POINT_SECONDS, QUALITY_POINTS_MAX } from './phone-bounds';

const figure = (max: number) => z.number().min(0).max(max).nullable();

export const qualityPointSchema = z
  .object({
    /** Seconds since the call's media started, at the end of the interval. */
    atSeconds: z.number().int().min(0).max(7 * 24 * 3600),
    /** Audio packets received in the interval; 0 = no audio arrived (then the three figures below are null). */
    packets: z.number().int().min(0).max(1_000_000),
    lossPercent: figure(100),
    jitterMs: figure(60_000),
    /** Round trip (RTCP, else ICE); known also without audio. */
    rttMs: figure(60_000),
    mos: z.number().min(1).max(4.5).nullable(),
  })
  .strict();
export type QualityPoint = z.infer<typeof qualityPointSchema>;

const candidateType = z.enum(['host', 'srflx', 'prflx', 'relay', 'unknown']);
const transport = z.enum(['udp', 'tcp', 'tls', 'unknown']);

/** The ICE candidate pair the call's audio went over (getStats' selected pair). */
export const candidatePairSchema = z
  .object({
    local: candidateType,
    remote: candidateType,
    /** The transport between the two candidates. */
    protocol: transport,
    /** For a relay candidate: how this end reaches the TURN server (udp, tcp, tls); null otherwise. */
    relayProtocol: transport.nullable(),
  })
  .strict();
export type CandidatePair = z.infer<typeof candidatePairSchema>;

export const callQualityTimelineSchema = z
  .object({
    /** When the call's media started (ISO). */
    startedAt: z.iso.datetime(),
    everySeconds: z.number().int().min(1).max(60),
    points: z.array(qualityPointSchema).max(QUALITY_POINTS_MAX),
    /** Older points left out of a call longer than the timeline holds. */
    droppedPoints: z.number().int().min(0).max(1_000_000),
    /** The pair in use, each time it changed (a network change, an ICE restart); at most 20. */
    pairs: z.array(z.object({ atSeconds: z.number().int().min(0), pair: candidatePairSchema }).strict()).max(20),
  })
  .strict();
export type CallQualityTimeline = z.infer<typeof callQualityTimelineSchema>;
