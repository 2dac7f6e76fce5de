import { describe, expect, it } from 'vitest';
import { isTelephonyDevice, mayUseDevice, pickHeadset } from '../../../main/services/headsets/headset-access';

// Collections as WebHID/Electron list them (usage page, children), from the published descriptors in test/headset/fixtures.
const jabra = { deviceId: 'jabra', collections: [{ usagePage: 0x0b, usage: 0x05, children: [] }, { usagePage: 0xff30, usage: 0x01, children: [] }] };
const polyNested = { deviceId: 'poly', collections: [{ usagePage: 0x0c, usage: 0x01, children: [{ usagePage: 0x0b, usage: 0x05, children: [] }] }] };
const keyboard = { deviceId: 'keyboard', collections: [{ usagePage: 0x01, usage: 0x06, children: [] }] };
const securityKey = { deviceId: 'fido', collections: [{ usagePage: 0xf1d0, usage: 0x01, children: [] }] };
const on = { enabled: true, ownPage: true };

describe('which HID devices the page may open', () => {
  it('telephony headsets only: a collection on usage page 0x0B, at the top or nested', () => {
    expect(isTelephonyDevice(jabra)).toBe(true);
    expect(isTelephonyDevice(polyNested)).toBe(true);
    expect(isTelephonyDevice(keyboard)).toBe(false);
    expect(isTelephonyDevice(securityKey)).toBe(false);
    expect(isTelephonyDevice({})).toBe(false);
  });

  it('never for another page, nor while headset buttons are off (setting or policy)', () => {
    expect(mayUseDevice(on, jabra)).toBe(true);
    expect(mayUseDevice({ enabled: true, ownPage: false }, jabra)).toBe(false);
    expect(mayUseDevice({ enabled: false, ownPage: true }, jabra)).toBe(false);
    expect(mayUseDevice(on, keyboard)).toBe(false);
  });

  it('picks the first headset for requestDevice (Electron has no chooser), or refuses', () => {
    expect(pickHeadset(on, [keyboard, securityKey, polyNested, jabra])).toBe('poly');
    expect(pickHeadset(on, [keyboard, securityKey])).toBeNull();
    expect(pickHeadset({ enabled: false, ownPage: true }, [jabra])).toBeNull();
    expect(pickHeadset({ enabled: true, ownPage: false }, [jabra])).toBeNull();
  });

  it('reads what a device claims without trusting its shape: odd children, endless nesting', () => {
    const odd = { deviceId: 'odd', collections: [{ usagePage: 0x01, children: [null, 7, 'x', { usagePage: '11' }] }] };
    expect(isTelephonyDevice(odd)).toBe(false);
    let deep: { usagePage: number; children: unknown[] } = { usagePage: 0x0b, children: [] };
    for (let i = 0; i < 100; i += 1) deep = { usagePage: 0x01, children: [deep] };
    expect(isTelephonyDevice({ collections: [deep] })).toBe(false);
  });
});
