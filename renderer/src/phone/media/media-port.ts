/**
 * What the phone needs from the page's audio machinery, as a port: the browser
 * implementation is `browser-media.ts`; Node tests pass `silentMedia`.
 */
export interface Ringtone {
  stop(): void;
  /** Goes on playing on another output (null = the system default): its device went away or the agent chose another. A tone that makes no sound has nothing to move. */
  moveTo?(deviceId: string | null): Promise<void>;
}

export interface RemoteAudio {
  /** RMS level of what the far end sends, 0 … 1 (tests assert audio is flowing). */
  level(): number;
  setSpeaker(deviceId: string | null): Promise<void>;
  /** Stops playing it to the agent (a muted conference party) or plays it again; the level is still measured. */
  setMuted(muted: boolean): void;
  /** The output device it plays on ('' = the system default). */
  speakerId(): string;
  dispose(): void;
}

/** `ring`: a call rings for the agent; `waiting`: a soft beep, another call is live (call waiting); `ringback`: the far end of the agent's own call rings. */
export type RingKind = 'ring' | 'waiting' | 'ringback';

export interface MediaPort {
  /** Starts the ringtone on a device (null = system default). */
  startRingtone(deviceId: string | null, kind: RingKind): Ringtone;
  /** Plays the remote stream on the speaker device and measures its level. */
  playRemote(stream: MediaStream, speakerId: string | null): RemoteAudio;
  /** A fresh microphone track from the chosen device (null = default). */
  getMicrophone(deviceId: string | null): Promise<MediaStreamTrack>;
}

/** A media port that makes no sound: for tests and for headless use. */
export const silentMedia: MediaPort = {
  startRingtone: () => ({ stop: () => undefined }),
  playRemote: () => ({ level: () => 0, setSpeaker: async () => undefined, setMuted: () => undefined, speakerId: () => '', dispose: () => undefined }),
  getMicrophone: () => Promise.reject(new Error('No microphone in this environment.')),
};
