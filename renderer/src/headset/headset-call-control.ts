/**
 * Headset call control: maps button events (headset-input-decoder.ts) and
 * the phone's calls to actions for the phone, and keeps the headset's lights
 * in step with the calls.
 *
 *   event            calls (ringing / live / held)        action
 *   off-hook ──────▶ a call rings, not yet answered       answer (a live call is
 *                                                         held by the app's
 *                                                         call-waiting rule)
 *   on-hook  ──────▶ a live call                          hang-up
 *   hook toggle ───▶ rings → answer; else live → hang-up
 *   mute press ────▶ a live call                          toggle-mute
 *   flash press ───▶ live + held → swap; live + ringing → answer;
 *                    live → hold; held only → resume
 *   busy press ────▶ a call rings                         reject
 *   anything else  ▶ nothing, with a log line
 *
 * It cannot answer on its own: the decoder gives changes only (a level seen
 * at connect, a repeated report, a held button or a stuck bit give no
 * event), an event is acted on at once or dropped (never kept for a call
 * that rings later), and one ring is answered at most once, so a second
 * off-hook while the phone is still answering does nothing.
 *
 * Lights: Ring while a call rings (also a waiting call beside a live one),
 * Off-Hook while a call is live or held, Mute while muted in a call, Hold
 * while a call is held. `callChanged` returns only the output reports whose
 * bytes changed; `allLights` returns every one (after a reconnect).
 */
import type { HeadsetEvent } from './headset-input-decoder';
import { encodeLights, type LightState, type OutputReport } from './headset-lights';
import type { HeadsetLog } from './hid-types';
import type { TelephonyLayout } from './telephony-layout';

/** What the phone says about its calls; the control keeps no call state of its own beyond this. */
export interface CallPicture {
  /** An incoming call rings (alone, or waiting beside a live one). */
  readonly ringing: boolean;
  /** A call is live (connected, not on hold). */
  readonly live: boolean;
  /** A call is on hold. */
  readonly held: boolean;
  readonly muted: boolean;
}

export type HeadsetAction = 'answer' | 'hang-up' | 'toggle-mute' | 'hold' | 'resume' | 'swap' | 'reject';

export interface HeadsetCallControl {
  callChanged(picture: CallPicture): OutputReport[];
  handle(event: HeadsetEvent): HeadsetAction | null;
  allLights(): OutputReport[];
}

const IDLE: CallPicture = { ringing: false, live: false, held: false, muted: false };

export function lightsFor(p: CallPicture): LightState {
  const inCall = p.live || p.held;
  return { ring: p.ringing, offHook: inCall, mute: p.muted && inCall, hold: p.held };
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean =>
  a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

export function headsetCallControl(layout: TelephonyLayout, log: HeadsetLog): HeadsetCallControl {
  let picture = IDLE;
  let answeredThisRing = false;
  const sent = new Map<number, Uint8Array>();

  const answer = (why: string): HeadsetAction | null => {
    if (answeredThisRing) {
      log(`headset: ${why} ignored, this call is already being answered`);
      return null;
    }
    answeredThisRing = true;
    return 'answer';
  };

  const ignore = (why: string): null => {
    log(`headset: ${why} ignored (ringing=${picture.ringing} live=${picture.live} held=${picture.held})`);
    return null;
  };

  return {
    callChanged(next) {
      if (!picture.ringing && next.ringing) answeredThisRing = false;
      picture = next;
      const changed: OutputReport[] = [];
      for (const r of encodeLights(layout, lightsFor(picture))) {
        if (sameBytes(sent.get(r.reportId), r.data)) continue;
        sent.set(r.reportId, r.data);
        changed.push(r);
      }
      return changed;
    },

    allLights() {
      const all = encodeLights(layout, lightsFor(picture));
      for (const r of all) sent.set(r.reportId, r.data);
      return all;
    },

    handle(event) {
      const p = picture;
      switch (event.type) {
        case 'hook':
          if (event.offHook) return p.ringing ? answer('off-hook') : ignore('off-hook');
          return p.live ? 'hang-up' : ignore('on-hook');
        case 'hook-toggle':
          if (p.ringing && !answeredThisRing) return answer('hook toggle');
          return p.live ? 'hang-up' : ignore('hook toggle');
        case 'mute-press':
          return p.live ? 'toggle-mute' : ignore('mute press');
        case 'flash-press':
          if (p.live && p.held) return 'swap';
          if (p.live && p.ringing) return answer('flash');
          if (p.live) return 'hold';
          return p.held ? 'resume' : ignore('flash press');
        case 'busy-press':
          return p.ringing ? 'reject' : ignore('busy press');
        case 'redial-press':
          return ignore('redial press (not supported)');
      }
    },
  };
}
