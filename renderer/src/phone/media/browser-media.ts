/** The browser's implementation of the media port: <audio> elements, WebAudio and getUserMedia. */
import type { MediaPort, RemoteAudio } from './media-port';
import { startGeneratedRingtone } from './ringtone';
import { PhoneError } from '../phone-error';
import { rmsReader } from '../../audio/track-level';

function playRemote(stream: MediaStream, speakerId: string | null): RemoteAudio {
  const audio = new Audio();
  audio.autoplay = true;
  audio.srcObject = stream;
  // Measure what arrives with an analyser that is not connected to the output
  // (the <audio> element plays it; Chromium needs that element for the stream to flow).
  const ctx = new AudioContext();
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  // A source node keeps the track it was made from: when a renegotiation replaces the remote track
  // (sip.js swaps it in the same stream), measure the new one, or the meter would read silence.
  let source: MediaStreamAudioSourceNode | null = null;
  const measure = (): void => {
    source?.disconnect();
    source = stream.getAudioTracks().length > 0 ? ctx.createMediaStreamSource(stream) : null;
    source?.connect(analyser);
  };
  measure();
  stream.addEventListener('addtrack', measure);
  stream.addEventListener('removetrack', measure);
  const level = rmsReader(analyser);
  const setSpeaker = async (id: string | null): Promise<void> => {
    await audio.setSinkId(id ?? '');
  };
  void (async () => {
    try {
      if (speakerId) await setSpeaker(speakerId);
      await audio.play();
      await ctx.resume();
    } catch (err) {
      console.warn('phone: remote audio could not start', err);
    }
  })();
  return {
    level,
    setSpeaker,
    setMuted: (muted) => void (audio.muted = muted),
    speakerId: () => audio.sinkId,
    dispose() {
      stream.removeEventListener('addtrack', measure);
      stream.removeEventListener('removetrack', measure);
      audio.pause();
      audio.srcObject = null;
      void ctx.close();
    },
  };
}

export const browserMedia: MediaPort = {
  startRingtone: (deviceId, kind) => startGeneratedRingtone(deviceId, kind),
  playRemote,
  async getMicrophone(deviceId) {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: deviceId ? { deviceId: { exact: deviceId } } : true,
      video: false,
    });
    const track = stream.getAudioTracks()[0];
    if (!track) throw new PhoneError('phone.err.noAudioTrack');
    return track;
  },
};
