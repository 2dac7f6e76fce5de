// Whether a device's collections include one on the HID Telephony page
// (0x0B), at any depth (bounded): the page's own check before opening a
// device, beside main's in Electron (main/services/headsets/headset-access.ts).
import type { HidCollectionInfo } from './hid-types';
import { Page } from './hid-types';

const MAX_DEPTH = 16;

export function hasTelephonyCollection(collections: readonly HidCollectionInfo[], depth = 0): boolean {
  if (depth >= MAX_DEPTH) return false;
  return collections.some((c) => c.usagePage === Page.telephony || hasTelephonyCollection(c.children, depth + 1));
}
