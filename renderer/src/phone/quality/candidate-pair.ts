/**
 * Which ICE candidate pair a call's audio goes over, from a getStats report:
 * the transport's selected pair (Chromium's `selectedCandidatePairId`), else
 * the nominated pair that succeeded, with both candidates' types and this
 * end's transport (and, for a relay, how it reaches the TURN server).
 */
import type { CandidatePair } from '../../../../common/ipc/call-quality';

type StatLike = Readonly<Record<string, unknown>>;

const TYPES = new Set(['host', 'srflx', 'prflx', 'relay']);
const TRANSPORTS = new Set(['udp', 'tcp', 'tls']);

const typeOf = (stat: StatLike | undefined): CandidatePair['local'] => {
  const value = stat?.['candidateType'];
  return typeof value === 'string' && TYPES.has(value) ? (value as CandidatePair['local']) : 'unknown';
};
const transportOf = (value: unknown): CandidatePair['protocol'] =>
  typeof value === 'string' && TRANSPORTS.has(value.toLowerCase()) ? (value.toLowerCase() as CandidatePair['protocol']) : 'unknown';

/** The pair in use, or null while there is none (before ICE connects). */
export function selectedPairOf(stats: readonly StatLike[]): CandidatePair | null {
  const byId = new Map<string, StatLike>();
  for (const s of stats) if (typeof s['id'] === 'string') byId.set(s['id'], s);
  const selectedId = stats.find((s) => s['type'] === 'transport' && typeof s['selectedCandidatePairId'] === 'string')?.['selectedCandidatePairId'];
  const pair =
    (typeof selectedId === 'string' ? byId.get(selectedId) : undefined) ??
    stats.find((s) => s['type'] === 'candidate-pair' && (s['nominated'] === true || s['selected'] === true) && s['state'] === 'succeeded');
  if (!pair) return null;
  const local = typeof pair['localCandidateId'] === 'string' ? byId.get(pair['localCandidateId']) : undefined;
  const remote = typeof pair['remoteCandidateId'] === 'string' ? byId.get(pair['remoteCandidateId']) : undefined;
  if (!local && !remote) return null;
  const localType = typeOf(local);
  return {
    local: localType,
    remote: typeOf(remote),
    protocol: transportOf(local?.['protocol'] ?? remote?.['protocol']),
    relayProtocol: localType === 'relay' ? transportOf(local?.['relayProtocol']) : null,
  };
}

export function samePair(a: CandidatePair | null, b: CandidatePair | null): boolean {
  return a === b || (a !== null && b !== null && a.local === b.local && a.remote === b.remote && a.protocol === b.protocol && a.relayProtocol === b.relayProtocol);
}
