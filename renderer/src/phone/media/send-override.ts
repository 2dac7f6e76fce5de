/**
 * What a call sends instead of its microphone while a conference mixes its
 * audio (conference/audio-mixer.ts): the mix for that party, with the
 * agent's voice in it or not (mute), and a way to follow a microphone the
 * agent switched to during the conference.
 */
export interface SendOverride {
  /** The track the call's sender carries instead of the microphone. */
  readonly track: MediaStreamTrack;
  /** The agent's voice is in this mix (unmuted) or not (muted). */
  agentAudible(audible: boolean): void;
  /** The agent chose another microphone: mix that one from now on. */
  microphoneChanged(track: MediaStreamTrack): void;
}
