// The headset's buttons in the page (WebHID): while headset buttons are on
// (setting, or IT's policy), the first telephony headset the page may use is
// opened and tied to the phone (webhid-headset.ts); one plugged in later that
// was allowed before is taken when it connects. `connect()` is the "Connect
// headset" button: the browser asks the agent once (Electron picks the
// headset itself, main/desktop/headset-permissions.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';
import { attachHeadset, type AttachedHeadset } from './webhid-headset';
import { TELEPHONY_FILTERS, webHid, type HidConnectionEvent, type HidDeviceHandle } from './webhid-types';
import { hasTelephonyCollection } from './telephony-collections';

export type HeadsetStatus =
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'off' }
  | { readonly kind: 'none' }
  | { readonly kind: 'connected'; readonly name: string }
  | { readonly kind: 'failed'; readonly detail: string };

export interface HeadsetControl {
  readonly status: HeadsetStatus;
  /** Asks the browser for a telephony headset (needs the agent's click). */
  readonly connect: () => Promise<void>;
}

export function useHeadset(api: SoftphoneApi, phone: Phone | null, enabled: boolean): HeadsetControl {
  const hid = webHid();
  const [status, setStatus] = useState<HeadsetStatus>(!hid ? { kind: 'unsupported' } : enabled ? { kind: 'none' } : { kind: 'off' });
  const take = useRef<((device: HidDeviceHandle) => Promise<void>) | null>(null);
  useEffect(() => {
    if (!hid) return setStatus({ kind: 'unsupported' });
    if (!enabled || !phone) return setStatus({ kind: enabled ? 'none' : 'off' });
    const log = (message: string): void => void api.request('workstation.log', { level: 'info', message });
    let attached: { device: HidDeviceHandle; headset: AttachedHeadset } | null = null;
    let current = true;
    const release = async (): Promise<void> => {
      const was = attached;
      attached = null;
      await was?.headset.detach();
    };
    const attach = async (device: HidDeviceHandle): Promise<void> => {
      if (!hasTelephonyCollection(device.collections) || attached?.device === device) return;
      await release();
      try {
        const headset = await attachHeadset(device, phone, log);
        if (!current) return void (await headset?.detach());
        if (!headset) return setStatus({ kind: 'failed', detail: device.productName });
        attached = { device, headset };
        setStatus({ kind: 'connected', name: headset.name });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        log(`headset: ${device.productName} could not be opened: ${detail}`);
        if (current) setStatus({ kind: 'failed', detail });
      }
    };
    take.current = attach;
    const onConnect = (event: Event): void => {
      if (!attached) void attach((event as HidConnectionEvent).device);
    };
    const onDisconnect = (event: Event): void => {
      if (attached?.device !== (event as HidConnectionEvent).device) return;
      attached = null;
      setStatus({ kind: 'none' });
    };
    hid.addEventListener('connect', onConnect);
    hid.addEventListener('disconnect', onDisconnect);
    const stopCalls = phone.on('call', () => attached?.headset.callsChanged());
    const stopMute = phone.on('mute', () => attached?.headset.callsChanged());
    void hid.getDevices().then((devices) => {
      const first = devices.find((device) => hasTelephonyCollection(device.collections));
      if (first && current) return attach(first);
      return undefined;
    });
    return () => {
      current = false;
      take.current = null;
      hid.removeEventListener('connect', onConnect);
      hid.removeEventListener('disconnect', onDisconnect);
      stopCalls();
      stopMute();
      void release();
    };
  }, [api, phone, enabled, hid]);
  const connect = useCallback(async (): Promise<void> => {
    if (!hid || !take.current) return;
    const chosen = await hid.requestDevice(TELEPHONY_FILTERS).catch(() => []);
    const device = chosen.find((d) => hasTelephonyCollection(d.collections));
    if (device) await take.current(device);
  }, [hid]);
  return { status, connect };
}
