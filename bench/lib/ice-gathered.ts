// Non-trickle SDP between two bench pages: an offer or answer is handed over
// only once it holds every candidate (on loopback that takes milliseconds).

/** Resolves once `pc` has gathered every candidate it will. */
export function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
  });
}
