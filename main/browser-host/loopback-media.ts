// Chromium drops WebRTC candidates on loopback unless told otherwise. The
// built-in simulator runs its media on 127.0.0.1 next to the app, so without
// this switch no RTP flows and every demo call is silent. Only for the
// simulator: against a real instance loopback candidates stay filtered.

/** The switch, without its leading dashes (Electron's app.commandLine.appendSwitch takes it so). */
export const LOOPBACK_MEDIA_SWITCH = 'allow-loopback-in-peer-connection';

/** Chromium command-line switches for media, given whether the instance is the built-in simulator. */
export function mediaSwitches(builtInSimulator: boolean): string[] {
  return builtInSimulator ? [`--${LOOPBACK_MEDIA_SWITCH}`] : [];
}
