// English texts of the recent calls' quality timelines (issue 26). Spread into en.ts.
export const qualityEn = {
  'quality.show': 'Quality',
  'quality.showWho': 'Quality of the call with {caller} at {time}',
  'quality.loading': 'Reading…',
  'quality.none': 'No quality record for this call: only the last 20 answered calls keep one.',
  'quality.summary': 'Average MOS {average}, worst {worst} at {at}. Loss up to {loss}%, jitter up to {jitter} ms, round trip up to {rtt} ms.',
  'quality.summary.noAudio': 'No audio arrived during this call: there is no MOS to show.',
  'quality.silent': 'No audio arrived during {seconds} s of the call.',
  'quality.path': 'Audio path: {local} ↔ {remote}, over {protocol}.',
  'quality.path.relay': 'Audio path: through a TURN relay (reached over {relay}) ↔ {remote}.',
  'quality.candidate.host': 'direct address',
  'quality.candidate.srflx': 'address seen through NAT (STUN)',
  'quality.candidate.prflx': 'address learned from the peer',
  'quality.candidate.relay': 'TURN relay',
  'quality.candidate.unknown': 'unknown',
  'quality.legend': 'Line: MOS (4 and above is good, below 3 is poor). Red bars: packets lost. Grey: no audio.',
  'quality.unavailable': 'The quality record could not be read: {cause}',
} as const;
