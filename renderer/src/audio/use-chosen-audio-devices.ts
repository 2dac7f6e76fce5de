// Keeps the phone on the agent's chosen audio devices: when it starts, when the
// choice changes (a live call switches at once) and when a device is plugged
// in or out (device-fallback.ts: an unplugged headset falls back to the system
// default at once; back between calls it is used again, back during a call it
// is offered to the agent). While a call rings or is live the page asks for
// the device list once a second: Chromium hears of a device that comes or goes
// only when something lists them where no udev tells it (Bluetooth audio,
// containers), and a microphone that is gone otherwise stays "live" and silent.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioDevices } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { hasChoice, listAudioDevices, type AudioRole } from './audio-devices';
import { planAudioDevices, type DeviceNotice } from './device-fallback';

const SYSTEM_DEFAULT = { microphone: null, speaker: null, ringer: null };
/** How often the device list is asked for during a call (the "nudge"). */
const IN_CALL_LIST_MS = 1_000;

export interface AudioDeviceStatus {
  /** What the call panel says: a chosen device gone, or back and waiting for the agent. */
  readonly notices: readonly DeviceNotice[];
  /** The agent's one click: back to the chosen device of these roles. */
  readonly switchBack: (roles: readonly AudioRole[]) => void;
}

function hasCall(phone: Phone): boolean {
  return [phone.call, phone.waitingCall, phone.heldCall].some((call) => call !== null && call.state.kind !== 'ended');
}

function sameNotices(a: readonly DeviceNotice[], b: readonly DeviceNotice[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useChosenAudioDevices(api: SoftphoneApi, phone: Phone | null, saved: AudioDevices): AudioDeviceStatus {
  const key = JSON.stringify(saved);
  const [notices, setNotices] = useState<readonly DeviceNotice[]>([]);
  const onFallback = useRef<ReadonlySet<AudioRole>>(new Set());
  const applyRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!phone || !media) return;
    const choice = JSON.parse(key) as AudioDevices;
    // A new choice is the agent's word: nothing of the old one waits to be switched back to.
    onFallback.current = new Set();
    let current = true;
    let look = 0;
    const apply = (): void => {
      const mine = (look += 1);
      const planned = hasChoice(choice)
        ? listAudioDevices(media).then((lists) => {
            if (!current || mine !== look) return null;
            const plan = planAudioDevices(choice, lists, onFallback.current, hasCall(phone));
            onFallback.current = plan.onFallback;
            setNotices((before) => (sameNotices(before, plan.notices) ? before : plan.notices));
            return plan.choice;
          })
        : Promise.resolve(SYSTEM_DEFAULT);
      planned
        .then((devices) => (current && devices ? phone.setDevices(devices) : undefined))
        .catch((error: unknown) => {
          const cause = error instanceof Error ? error.message : String(error);
          void api.request('workstation.log', { level: 'warn', message: `The chosen audio devices could not be applied: ${cause}` });
        });
    };
    applyRef.current = apply;
    let nudge: ReturnType<typeof setInterval> | null = null;
    const followCalls = (): void => {
      const inCall = hasCall(phone);
      if (inCall && !nudge) nudge = setInterval(() => void media.enumerateDevices().catch(() => undefined), IN_CALL_LIST_MS);
      if (!inCall && nudge) {
        clearInterval(nudge);
        nudge = null;
        // No call any more: a chosen device that came back is used again.
        if (onFallback.current.size > 0) apply();
      }
    };
    apply();
    followCalls();
    const stopCalls = phone.on('call', followCalls);
    media.addEventListener('devicechange', apply);
    return () => {
      current = false;
      applyRef.current = null;
      stopCalls();
      if (nudge) clearInterval(nudge);
      media.removeEventListener('devicechange', apply);
    };
  }, [api, phone, key]);
  const switchBack = useCallback((roles: readonly AudioRole[]): void => {
    const rest = new Set(onFallback.current);
    for (const role of roles) rest.delete(role);
    onFallback.current = rest;
    applyRef.current?.();
  }, []);
  return { notices, switchBack };
}
