/**
 * A MOS estimate from the simplified ITU-T G.107 E-model, for G.711 with
 * packet-loss concealment (the only codecs the platform allows).
 *
 *   effective delay  d = RTT/2 + 2·jitter + 10 ms (codec + jitter buffer)
 *   delay impairment Id = d/40            when d < 160 ms
 *                       = (d − 120)/10    otherwise
 *   loss impairment  Ie = 95 · p / (p + Bpl)   (Ie = 0 for G.711, Bpl = 25.1, p in %)
 *   R = 93.2 − Id − Ie,  MOS = 1 + 0.035R + 7·10⁻⁶·R(R − 60)(100 − R)
 */
const BPL_G711_PLC = 25.1;

export interface MosInput {
  /** Round-trip time in ms. */
  readonly rttMs: number;
  /** Interarrival jitter in ms. */
  readonly jitterMs: number;
  /** Packet loss in percent (0–100). */
  readonly lossPercent: number;
}

export function rFactor({ rttMs, jitterMs, lossPercent }: MosInput): number {
  const d = Math.max(0, rttMs) / 2 + 2 * Math.max(0, jitterMs) + 10;
  const id = d < 160 ? d / 40 : (d - 120) / 10;
  const p = Math.min(100, Math.max(0, lossPercent));
  const ie = (95 * p) / (p + BPL_G711_PLC);
  return 93.2 - id - ie;
}

export function mosFromR(r: number): number {
  if (r <= 0) return 1;
  if (r >= 100) return 4.5;
  return 1 + 0.035 * r + 7e-6 * r * (r - 60) * (100 - r);
}

/** MOS between 1 (bad) and 4.5 (best G.711 can do), rounded to two decimals. */
export function estimateMos(input: MosInput): number {
  return Math.round(mosFromR(rFactor(input)) * 100) / 100;
}
