// What the phone uses when a chosen device goes away or comes back, and what
// the call panel says about it. A chosen device that is gone falls back to
// the system default (the app moves the streams itself: a system that does
// not move them would leave the customer hearing nothing). One that comes back
// DURING a call is offered, not taken: audio that jumps to a headset
// reconnecting in its case cuts the agent off mid-sentence; the agent switches
// back in one click. Between calls the saved choice applies again by itself.
//
//   chosen in use ──gone──▶ fallback (notice 'lost')
//        ▲                     │ back during a call
//        │                     ▼
//        ├──── switch back ── fallback (notice 'back', one click)
//        └──── no call any more (or back while no call)
import type { AudioDevices } from '../../../common/ipc-contract';
import type { DeviceChoice } from '../phone';
import { AUDIO_ROLES, devicesFor, findAudioDevice, type AudioDeviceLists, type AudioRole } from './audio-devices';

export interface DeviceNotice {
  readonly role: AudioRole;
  /** `lost`: the chosen device went away; `back`: it is plugged in again, the fallback still in use. */
  readonly change: 'lost' | 'back';
  /** The agent's chosen device (its label). */
  readonly chosen: string;
  /** What plays or listens now: the system default's device ('' when the system does not say). */
  readonly inUse: string;
}

export interface DevicePlan {
  readonly choice: DeviceChoice;
  /** Roles whose chosen device went away and are on the fallback. */
  readonly onFallback: ReadonlySet<AudioRole>;
  readonly notices: readonly DeviceNotice[];
}

/**
 * `onFallback`: the roles on their fallback before this look; `inCall`: a call
 * rings or is live (a device back then is offered, not taken).
 */
export function planAudioDevices(saved: AudioDevices, lists: AudioDeviceLists, onFallback: ReadonlySet<AudioRole>, inCall: boolean): DevicePlan {
  const choice: Record<AudioRole, string | null> = { microphone: null, speaker: null, ringer: null };
  const fallback = new Set<AudioRole>();
  const notices: DeviceNotice[] = [];
  for (const role of AUDIO_ROLES) {
    const chosen = saved[role];
    if (chosen === null) continue;
    const inUse = (role === 'microphone' ? lists.defaultInput : lists.defaultOutput) ?? '';
    const found = findAudioDevice(chosen, devicesFor(role, lists));
    if (!found) {
      fallback.add(role);
      notices.push({ role, change: 'lost', chosen: chosen.label, inUse });
    } else if (inCall && onFallback.has(role)) {
      fallback.add(role);
      notices.push({ role, change: 'back', chosen: found.label, inUse });
    } else {
      choice[role] = found.id;
    }
  }
  return { choice, onFallback: fallback, notices };
}
