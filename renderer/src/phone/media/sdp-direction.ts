/**
 * The direction of the audio in a session description, as the far end wrote
 * it: whether it sends audio to us at all (`sendrecv`/`sendonly`), so that a
 * call the far end holds is not taken for a silent one. Pure.
 */
export type SdpDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

export function sdpAudioDirection(sdp: string | undefined): { readonly direction: SdpDirection; readonly sends: boolean } {
  const direction = audioDirection(sdp ?? '');
  return { direction, sends: direction === 'sendrecv' || direction === 'sendonly' };
}

function audioDirection(sdp: string): SdpDirection {
  const lines = sdp.split(/\r?\n/);
  let session: SdpDirection | null = null;
  let seenMedia = false;
  let inAudio = false;
  let audio: SdpDirection | null = null;
  for (const line of lines) {
    if (line.startsWith('m=')) {
      if (inAudio) break;
      seenMedia = true;
      inAudio = line.startsWith('m=audio');
      continue;
    }
    const match = /^a=(sendrecv|sendonly|recvonly|inactive)\s*$/.exec(line);
    if (!match) continue;
    const direction = match[1] as SdpDirection;
    if (inAudio) audio = direction;
    else if (!seenMedia) session = direction;
  }
  // RFC 4566: a media-level attribute wins over the session level; neither means sendrecv.
  return audio ?? session ?? 'sendrecv';
}
