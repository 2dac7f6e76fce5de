import { describe, expect, it } from 'vitest';
import { isUsableHeadset } from '../../renderer/src/headset/telephony-layout';
import { jabraLink380c, polyBlackwire3220 } from './fixtures/descriptors';
import { layoutOf } from './fixtures/layout-of';

describe('findTelephonyLayout', () => {
  // Expected positions are read off the descriptor bytes in fixtures/descriptors.ts by hand.
  it('Jabra Link 380c: everything in report 2, constant-flagged data bits taken, vendor mirror ignored', () => {
    const l = layoutOf(jabraLink380c);
    expect(l.inputs).toEqual({
      hookSwitch: { reportId: 2, bitOffset: 0, bitSize: 1, relative: false },
      lineBusyTone: { reportId: 2, bitOffset: 1, bitSize: 1, relative: false },
      phoneMute: { reportId: 2, bitOffset: 3, bitSize: 1, relative: true },
      flash: { reportId: 2, bitOffset: 4, bitSize: 1, relative: true },
      redial: { reportId: 2, bitOffset: 5, bitSize: 1, relative: true },
    });
    expect(l.lights).toEqual({
      offHook: { reportId: 2, bitOffset: 0, bitSize: 1, relative: false },
      mute: { reportId: 2, bitOffset: 2, bitSize: 1, relative: false },
      ring: { reportId: 2, bitOffset: 3, bitSize: 1, relative: false },
      hold: { reportId: 2, bitOffset: 4, bitSize: 1, relative: false },
    });
    expect([...l.inputReportBytes]).toEqual([[2, 2]]);
    expect([...l.outputReportBytes]).toEqual([[2, 2]]);
    expect(isUsableHeadset(l)).toBe(true);
  });

  it('Poly Blackwire 3220: mute relative, hook and flash absolute, a report per light', () => {
    const l = layoutOf(polyBlackwire3220);
    expect(l.inputs).toEqual({
      phoneMute: { reportId: 8, bitOffset: 0, bitSize: 1, relative: true },
      hookSwitch: { reportId: 8, bitOffset: 1, bitSize: 1, relative: false },
      flash: { reportId: 8, bitOffset: 2, bitSize: 1, relative: false },
    });
    expect(l.lights).toEqual({
      mute: { reportId: 0x09, bitOffset: 0, bitSize: 1, relative: false },
      offHook: { reportId: 0x17, bitOffset: 0, bitSize: 1, relative: false },
      ring: { reportId: 0x18, bitOffset: 0, bitSize: 1, relative: false },
      hold: { reportId: 0x20, bitOffset: 0, bitSize: 1, relative: false },
    });
    expect([...l.outputReportBytes]).toEqual([[0x09, 1], [0x17, 1], [0x18, 1], [0x20, 1]]);
  });

  it('a device without telephony usages is not a headset', () => {
    // Chromium's kMouse from the USB HID descriptor tool (test_report_descriptors.cc)
    const mouse = Uint8Array.of(0x05, 0x01, 0x09, 0x02, 0xa1, 0x01, 0x09, 0x01, 0xa1, 0x00, 0x05, 0x09, 0x19, 0x01, 0x29, 0x03,
      0x15, 0x00, 0x25, 0x01, 0x95, 0x03, 0x75, 0x01, 0x81, 0x02, 0x95, 0x01, 0x75, 0x05, 0x81, 0x03, 0x05, 0x01, 0x09, 0x30,
      0x09, 0x31, 0x15, 0x81, 0x25, 0x7f, 0x75, 0x08, 0x95, 0x02, 0x81, 0x06, 0xc0, 0xc0);
    const l = layoutOf(mouse);
    expect(l.inputs).toEqual({});
    expect(isUsableHeadset(l)).toBe(false);
  });
});
