// The level (RMS, 0…1) of a microphone track, read by an analyser that is not
// connected to any output: "is my headset working?" in the call panel and in
// the settings. `close()` releases the audio context (not the track).
export interface TrackLevel {
  read(): number;
  close(): void;
}

export function trackLevel(track: MediaStreamTrack): TrackLevel {
  const ctx = new AudioContext();
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  const source = ctx.createMediaStreamSource(new MediaStream([track]));
  source.connect(analyser);
  void ctx.resume().catch(() => undefined);
  const read = rmsReader(analyser);
  return {
    read,
    close() {
      source.disconnect();
      void ctx.close();
    },
  };
}

/** The RMS (0…1) of what an analyser hears now, read into one reused buffer. */
export function rmsReader(analyser: AnalyserNode): () => number {
  const buf = new Float32Array(analyser.fftSize);
  return () => {
    analyser.getFloatTimeDomainData(buf);
    let sum = 0;
    for (const v of buf) sum += v * v;
    return Math.sqrt(sum / buf.length);
  };
}
