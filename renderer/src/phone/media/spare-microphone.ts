// A warm spare for a call that sends from a chosen microphone (a headset, not
// the system default): the system default is opened too and kept disabled, so
// that when the chosen one goes away the call sends from a capture that already
// runs. Opening a capture is not enough to be heard: Chromium takes 0.5–1.6 s
// from getUserMedia to first samples on PulseAudio (shared/webrtc-notes.md),
// which the customer hears as silence. The spare's cost is one more open
// capture during such calls; it is never sent unless the chosen one ends.

/** What the spare needs of a track (MediaStreamTrack in the page; a fake in Node tests). */
export interface SpareTrack {
  enabled: boolean;
  readonly readyState: MediaStreamTrackState;
  stop(): void;
}

export class SpareMicrophone<Track extends SpareTrack = MediaStreamTrack> {
  private track: Track | null = null;
  private opening = false;
  /** Whether a spare is wanted now: a capture that opens after release() or close() is stopped. */
  private wanted = false;
  private closed = false;

  /** `open` gives a capture of the system default. */
  constructor(private readonly open: () => Promise<Track>) {}

  /** Keeps a spare open (once; again after it was taken or ended). A spare that cannot be opened is simply not there. */
  keep(): void {
    if (this.closed) return;
    this.wanted = true;
    if (this.opening || this.track?.readyState === 'live') return;
    this.track?.stop();
    this.track = null;
    this.opening = true;
    void this.open()
      .then((track) => {
        track.enabled = false;
        if (!this.wanted) track.stop();
        else this.track = track;
      })
      .catch(() => undefined)
      .finally(() => {
        this.opening = false;
      });
  }

  /** The spare, if it is live: the caller owns it from now on (and enables it). */
  take(): Track | null {
    const track = this.track;
    this.track = null;
    if (track?.readyState === 'live') return track;
    track?.stop();
    return null;
  }

  /** No spare needed (the call sends from the system default itself): lets the capture go. */
  release(): void {
    this.wanted = false;
    this.track?.stop();
    this.track = null;
  }

  /** The call ended: no spare from now on, even one still opening. */
  close(): void {
    this.closed = true;
    this.release();
  }
}
