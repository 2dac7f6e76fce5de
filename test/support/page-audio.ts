// In-page helper for browser entries: how loud the remote audio of a call is
// (AnalyserNode, RMS of full scale) and how many audio RTP packets flowed.

export interface AudioPackets {
  /** Absent while getStats has no inbound (received) or outbound (sent) audio entry yet. */
  received?: number;
  sent?: number;
}

export interface AudioMeterListener {
  /** RMS of the last `fftSize` samples heard, every tick. */
  level(rms: number): void;
  packets(counts: AudioPackets): void;
}

/** Measures every `intervalMs` until the returned stop is called; undefined when `pc` has no audio receiver. */
export function meterRemoteAudio(pc: RTCPeerConnection, listener: AudioMeterListener, intervalMs = 100): (() => void) | undefined {
  const receiver = pc.getReceivers().find((r) => r.track.kind === 'audio');
  if (!receiver) return undefined;
  const stream = new MediaStream([receiver.track]);
  // Chromium feeds remote WebRTC audio to Web Audio only while it also plays somewhere.
  const element = new Audio();
  element.srcObject = stream;
  element.muted = true;
  void element.play().catch(() => undefined);
  const context = new AudioContext();
  void context.resume();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    listener.level(Math.sqrt(sum / samples.length));
    void pc.getStats().then((report) => {
      const counts: AudioPackets = {};
      report.forEach((entry: { type?: string; kind?: string; packetsReceived?: number; packetsSent?: number }) => {
        if (entry.type === 'inbound-rtp' && entry.kind === 'audio') counts.received = entry.packetsReceived ?? 0;
        if (entry.type === 'outbound-rtp' && entry.kind === 'audio') counts.sent = entry.packetsSent ?? 0;
      });
      listener.packets(counts);
    });
  }, intervalMs);
  return () => window.clearInterval(timer);
}
