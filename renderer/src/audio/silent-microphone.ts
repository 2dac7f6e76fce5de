// "Your microphone sends no sound": a microphone that delivers only digital
// silence while the agent sends (not muted, not on hold) — a headset's own
// mute switch, a dead Bluetooth link, a device the system left "live" and
// empty. Told after WARN_AFTER_MS of unbroken silence, taken back after
// CLEAR_AFTER_MS of sound; a sound or a mute in between starts the wait
// again, so the warning cannot flap faster than once per WARN_AFTER_MS.
//
//   quiet ──silent WARN_AFTER_MS──▶ warning ──sound CLEAR_AFTER_MS──▶ quiet
//     ▲                                │
//     └────────── muted or held ◀──────┘
//
// SILENT_LEVEL is digital silence (-80 dBFS RMS), far below any live
// microphone's own noise (a quiet room after Chromium's noise suppression is
// around -60 dBFS): a speech pause never counts as silence.
export const SILENT_LEVEL = 1e-4;
export const WARN_AFTER_MS = 5_000;
export const CLEAR_AFTER_MS = 1_000;

export class SilentMicrophoneWatch {
  private silentSince: number | null = null;
  private soundSince: number | null = null;
  private warning = false;

  /** One reading of what the microphone sends (RMS 0…1); `sending`: not muted and not on hold. Returns whether to warn. */
  sample(level: number, sending: boolean, now: number): boolean {
    if (!sending) {
      this.silentSince = null;
      this.soundSince = null;
      this.warning = false;
    } else if (level < SILENT_LEVEL) {
      this.soundSince = null;
      this.silentSince ??= now;
      if (now - this.silentSince >= WARN_AFTER_MS) this.warning = true;
    } else {
      this.silentSince = null;
      this.soundSince ??= now;
      if (now - this.soundSince >= CLEAR_AFTER_MS) this.warning = false;
    }
    return this.warning;
  }
}
