// The direction attribute of the first audio section of an SDP (RFC 4566 §6, RFC 3264 §5.1).

export type SdpDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
const DIRECTIONS: readonly string[] = ['sendrecv', 'sendonly', 'recvonly', 'inactive'];

export function sdpDirection(sdp: string): SdpDirection {
  let session: SdpDirection = 'sendrecv';
  let inAudio = false;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) {
      if (inAudio) break;
      inAudio = line.startsWith('m=audio');
      continue;
    }
    const attribute = line.startsWith('a=') ? line.slice(2).trim() : '';
    if (!DIRECTIONS.includes(attribute)) continue;
    if (inAudio) return attribute as SdpDirection;
    session = attribute as SdpDirection;
  }
  return session;
}
