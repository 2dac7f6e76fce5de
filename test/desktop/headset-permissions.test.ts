// Electron's HID glue against a fake Session: our page gets telephony headsets while the setting is on, nothing else.
import { describe, expect, it } from 'vitest';
import { allowTelephonyHeadsets } from '../../main/desktop/headset-permissions';
import { restrictPermissions, type RendererLocation } from '../../main/desktop/security';

const location: RendererLocation = { kind: 'app', origin: 'app://renderer', indexUrl: 'app://renderer/index.html' };
const headset = { deviceId: 'h1', name: 'Jabra Link 380', vendorId: 0x0b0e, productId: 0x2470, collections: [{ usagePage: 0x0b, usage: 5, type: 1, children: [] }] };
const keyboard = { deviceId: 'k1', name: 'Keyboard', vendorId: 1, productId: 2, collections: [{ usagePage: 0x01, usage: 6, type: 1, children: [] }] };

type Select = (event: { preventDefault(): void }, details: { deviceList: unknown[]; frame: { url: string } | null }, callback: (id?: string | null) => void) => void;
type DeviceHandler = (details: { deviceType: string; origin: string; device: unknown }) => boolean;

function fakeSession() {
  const handlers: { select?: Select; device?: DeviceHandler; check?: (...args: unknown[]) => boolean } = {};
  const session = {
    on: (event: string, listener: Select) => void (event === 'select-hid-device' && (handlers.select = listener)),
    setDevicePermissionHandler: (handler: DeviceHandler) => void (handlers.device = handler),
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: (handler: (...args: unknown[]) => boolean) => void (handlers.check = handler),
  };
  return { session, handlers };
}

describe('Electron: headsets over WebHID', () => {
  it('requestDevice from our page gets the first telephony headset; another page or the setting off gets none', () => {
    let enabled = true;
    const { session, handlers } = fakeSession();
    allowTelephonyHeadsets(session as never, location, () => enabled);
    const choose = (frameUrl: string | null): string | null | undefined => {
      let chosen: string | null | undefined;
      let prevented = false;
      handlers.select!({ preventDefault: () => void (prevented = true) }, { deviceList: [keyboard, headset], frame: frameUrl === null ? null : { url: frameUrl } }, (id) => void (chosen = id));
      expect(prevented).toBe(true);
      return chosen;
    };
    expect(choose('app://renderer/index.html')).toBe('h1');
    expect(choose('https://evil.example/')).toBeNull();
    expect(choose(null)).toBeNull();
    enabled = false;
    expect(choose('app://renderer/index.html')).toBeNull();
  });

  it('keeps the permission for telephony headsets of our origin only', () => {
    let enabled = true;
    const { session, handlers } = fakeSession();
    allowTelephonyHeadsets(session as never, location, () => enabled);
    expect(handlers.device!({ deviceType: 'hid', origin: 'app://renderer', device: headset })).toBe(true);
    expect(handlers.device!({ deviceType: 'hid', origin: 'app://renderer', device: keyboard })).toBe(false);
    expect(handlers.device!({ deviceType: 'hid', origin: 'https://evil.example', device: headset })).toBe(false);
    expect(handlers.device!({ deviceType: 'usb', origin: 'app://renderer', device: { deviceId: 'u' } })).toBe(false);
    enabled = false;
    expect(handlers.device!({ deviceType: 'hid', origin: 'app://renderer', device: headset })).toBe(false);
  });

  it('the permission check says yes to "hid" for our page while headset buttons are on', () => {
    let enabled = true;
    const { session, handlers } = fakeSession();
    restrictPermissions(session as never, location, () => enabled);
    expect(handlers.check!(null, 'hid', 'app://renderer', { requestingUrl: 'app://renderer/index.html' })).toBe(true);
    expect(handlers.check!(null, 'hid', 'https://evil.example', { requestingUrl: 'https://evil.example/' })).toBe(false);
    enabled = false;
    expect(handlers.check!(null, 'hid', 'app://renderer', { requestingUrl: 'app://renderer/index.html' })).toBe(false);
    expect(handlers.check!(null, 'usb', 'app://renderer', { requestingUrl: 'app://renderer/index.html' })).toBe(false);
  });
});
