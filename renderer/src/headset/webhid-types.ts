// The part of WebHID the headset code uses (not in TypeScript's DOM lib).
// Chromium's `navigator.hid` and Electron's give these; the E2E gives a test
// device of the same shape that replays recorded reports.
import type { HidCollectionInfo } from './hid-types';

export interface HidInputReportEvent extends Event {
  readonly device: HidDeviceHandle;
  readonly reportId: number;
  readonly data: DataView;
}

export interface HidDeviceHandle extends EventTarget {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  readonly collections: readonly HidCollectionInfo[];
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: BufferSource): Promise<void>;
}

export interface HidConnectionEvent extends Event {
  readonly device: HidDeviceHandle;
}

export interface WebHid extends EventTarget {
  getDevices(): Promise<HidDeviceHandle[]>;
  requestDevice(options: { filters: { usagePage?: number }[] }): Promise<HidDeviceHandle[]>;
}

/** The page's WebHID, or null where the browser has none (Firefox, an old Electron). */
export function webHid(): WebHid | null {
  const hid = (navigator as Navigator & { hid?: WebHid }).hid;
  return hid ?? null;
}

export const TELEPHONY_FILTERS = { filters: [{ usagePage: 0x0b }] };
