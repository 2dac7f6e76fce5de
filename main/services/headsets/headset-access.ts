// Which HID devices the page may open: headsets with call buttons only, that
// is devices with a collection on the HID Telephony usage page (0x0B; HID
// Usage Tables §14), for our own page, while headset buttons are on (the
// agent's setting, or IT's policy that wins over it). Everything else a HID
// device can be (keyboards, security keys, vendor gadgets) stays closed to
// the page. Pure: Electron's glue (main/desktop/headset-permissions.ts)
// passes what Electron gives it.

export const TELEPHONY_USAGE_PAGE = 0x0b;
/** Deeper nesting than any headset has; a device that claims more is not looked into further. */
const MAX_DEPTH = 16;
/** More top-level collections than any headset has. */
const MAX_COLLECTIONS = 64;

/** A collection as Electron gives it; its children are untyped there (an empty interface), so read as unknown. */
export interface HidCollectionLike {
  readonly usagePage: number;
  readonly children?: readonly unknown[];
}

export interface HidDeviceLike {
  readonly deviceId: string;
  readonly collections?: readonly HidCollectionLike[];
}

function telephonyIn(collections: readonly unknown[] | undefined, depth: number): boolean {
  if (depth >= MAX_DEPTH || !Array.isArray(collections)) return false;
  return collections.slice(0, MAX_COLLECTIONS).some((collection: unknown) => {
    if (typeof collection !== 'object' || collection === null) return false;
    const { usagePage, children } = collection as { usagePage?: unknown; children?: unknown };
    return usagePage === TELEPHONY_USAGE_PAGE || telephonyIn(Array.isArray(children) ? (children as unknown[]) : undefined, depth + 1);
  });
}

export function isTelephonyDevice(device: Pick<HidDeviceLike, 'collections'>): boolean {
  return telephonyIn(device.collections, 0);
}

export interface HeadsetAccess {
  /** Headset buttons are on (setting or policy). */
  readonly enabled: boolean;
  /** The asking page is ours (origin checked by the caller). */
  readonly ownPage: boolean;
}

/** Whether the page may use this device (Electron's device permission handler). */
export function mayUseDevice(access: HeadsetAccess, device: Pick<HidDeviceLike, 'collections'>): boolean {
  return access.enabled && access.ownPage && isTelephonyDevice(device);
}

/** The device chosen for `navigator.hid.requestDevice` (Electron has no chooser): the first headset, or null to refuse. */
export function pickHeadset(access: HeadsetAccess, devices: readonly HidDeviceLike[]): string | null {
  if (!access.enabled || !access.ownPage) return null;
  return devices.find((device) => isTelephonyDevice(device))?.deviceId ?? null;
}
