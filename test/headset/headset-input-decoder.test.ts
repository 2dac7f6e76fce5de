import { describe, expect, it } from 'vitest';
import { createInputDecoder, readBits } from '../../renderer/src/headset/headset-input-decoder';
import { jabraLink380c, polyBlackwire3220 } from './fixtures/descriptors';
import { jabraEngage50AnswerPress } from './fixtures/recorded-reports';
import { layoutOf } from './fixtures/layout-of';

function setup(bytes: Uint8Array) {
  let now = 0;
  const lines: string[] = [];
  const decoder = createInputDecoder(layoutOf(bytes), (l) => lines.push(l), { now: () => now, settleMs: 500 });
  return { decoder, lines, at: (t: number) => { now = t; } };
}

describe('readBits', () => {
  it('reads little-endian fields across bytes', () => {
    expect(readBits(Uint8Array.of(0b1000_0000, 0b0000_0001), 7, 2)).toBe(3);
    expect(readBits(Uint8Array.of(0x08), 3, 1)).toBe(1);
    expect(readBits(Uint8Array.of(), 0, 4)).toBe(0);
  });
});

describe('createInputDecoder', () => {
  it('Jabra: the recorded answer press is an off-hook, its revert an on-hook, repeats nothing', () => {
    const { decoder, at } = setup(jabraLink380c);
    at(1000);
    expect(decoder.decode(jabraEngage50AnswerPress.reportId, jabraEngage50AnswerPress.first)).toEqual([{ type: 'hook', offHook: true }]);
    expect(decoder.decode(2, Uint8Array.of(1, 0))).toEqual([]);
    at(1000 + jabraEngage50AnswerPress.revertAfterMs);
    expect(decoder.decode(2, Uint8Array.of(0, 0))).toEqual([{ type: 'hook', offHook: false }]);
  });

  it('Jabra: mute (bit 3) is a press once however long it is held; flash (bit 4) likewise', () => {
    const { decoder, at } = setup(jabraLink380c);
    at(1000);
    expect(decoder.decode(2, Uint8Array.of(0x08, 0))).toEqual([{ type: 'mute-press' }]);
    expect(decoder.decode(2, Uint8Array.of(0x08, 0))).toEqual([]);
    expect(decoder.decode(2, Uint8Array.of(0x00, 0))).toEqual([]);
    expect(decoder.decode(2, Uint8Array.of(0x10, 0))).toEqual([{ type: 'flash-press' }]);
  });

  it('Poly: hook is bit 1 and mute bit 0 of report 8', () => {
    const { decoder, at } = setup(polyBlackwire3220);
    at(1000);
    expect(decoder.decode(8, Uint8Array.of(0x02))).toEqual([{ type: 'hook', offHook: true }]);
    expect(decoder.decode(8, Uint8Array.of(0x03))).toEqual([{ type: 'mute-press' }]);
    expect(decoder.decode(8, Uint8Array.of(0x00))).toEqual([{ type: 'hook', offHook: false }]);
  });

  it('what a device says while settling after connect is a baseline, not a press', () => {
    const { decoder, at } = setup(polyBlackwire3220);
    at(100);
    expect(decoder.decode(8, Uint8Array.of(0x02))).toEqual([]);
    at(5000);
    expect(decoder.decode(8, Uint8Array.of(0x02))).toEqual([]);
    decoder.reset();
    expect(decoder.decode(8, Uint8Array.of(0x00))).toEqual([]);
  });

  it('ignores unknown ids, short and oversized reports with one log line each, and never throws', () => {
    const { decoder, lines, at } = setup(jabraLink380c);
    at(1000);
    expect(decoder.decode(4, Uint8Array.of(1, 0))).toEqual([]); // Jabra's vendor mirror of the telephony bits
    expect(decoder.decode(4, Uint8Array.of(1, 0))).toEqual([]);
    expect(decoder.decode(2, Uint8Array.of(1))).toEqual([]);
    expect(decoder.decode(2, new Uint8Array(4096))).toEqual([]);
    expect(lines).toEqual([
      'headset: input report id 4 is not a telephony report; ignored',
      'headset: input report 2 has 1 bytes, layout needs 2; ignored',
      'headset: input report 2 of 4096 bytes ignored (limit 1024)',
    ]);
  });

  it('a relative hook switch toggles on each press (synthetic descriptor: no published device declares one)', () => {
    // Usage Page Telephony, Headset, Application; Hook Switch 1 bit Input(Data,Var,Rel); 7 bits padding.
    const relHook = Uint8Array.of(0x05, 0x0b, 0x09, 0x05, 0xa1, 0x01, 0x85, 0x01, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01,
      0x95, 0x01, 0x09, 0x20, 0x81, 0x06, 0x95, 0x07, 0x81, 0x03, 0xc0);
    const { decoder, at } = setup(relHook);
    at(1000);
    expect(decoder.decode(1, Uint8Array.of(1))).toEqual([{ type: 'hook-toggle' }]);
    expect(decoder.decode(1, Uint8Array.of(0))).toEqual([]);
    expect(decoder.decode(1, Uint8Array.of(1))).toEqual([{ type: 'hook-toggle' }]);
  });
});
