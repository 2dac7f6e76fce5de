import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_DESCRIPTOR_BYTES, parseReportDescriptor } from '../../renderer/src/headset/hid-descriptor-parser';
import { jabraLink380c, polyBlackwire3220 } from './fixtures/descriptors';

const parsed = (bytes: Uint8Array) => {
  const r = parseReportDescriptor(bytes);
  if (!r.ok) throw new Error(r.error);
  return r.collections;
};

describe('parseReportDescriptor', () => {
  it('reads the Jabra Link 380c: telephony, vendor and consumer top-level collections', () => {
    const tops = parsed(jabraLink380c);
    expect(tops.map((c) => [c.usagePage, c.usage, c.type])).toEqual([[0x0b, 0x05, 1], [0xff00, 0x01, 1], [0x0c, 0x01, 1]]);
    const tel = tops[0]!;
    // The keypad's logical sub-collection is a child, and its item is also in the parent's report 2.
    expect(tel.children.map((c) => [c.usagePage, c.usage, c.type])).toEqual([[0x0b, 0x06, 2]]);
    const input2 = tel.inputReports.find((r) => r.reportId === 2)!;
    expect(input2.items.map((i) => i.reportSize * i.reportCount)).toEqual([3, 4, 4, 1, 4]);
    expect(input2.items[0]).toMatchObject({ isConstant: true, isAbsolute: true, isArray: false, usages: [0x000b0020, 0x000b0097, 0x000b002a] });
    expect(input2.items[1]).toMatchObject({ isConstant: true, isAbsolute: false, usages: [0x000b002f, 0x000b0021, 0x000b0024, 0x000b0050] });
    expect(input2.items[2]).toMatchObject({ isArray: true, isRange: true, usageMinimum: 0x000b00b0, usageMaximum: 0x000b00bb });
  });

  it('reads the Poly Blackwire 3220: one input report, six one-light output reports', () => {
    const [tel] = parsed(polyBlackwire3220);
    expect(tel!.inputReports.map((r) => r.reportId)).toEqual([8]);
    expect(tel!.outputReports.map((r) => r.reportId)).toEqual([0x09, 0x17, 0x18, 0x1e, 0x20, 0x2a]);
    expect(tel!.outputReports[1]!.items[0]).toMatchObject({ usages: [0x00080017], reportSize: 1, reportCount: 1 });
  });

  it('refuses a descriptor of absurd size, and an empty one', () => {
    const big = new Uint8Array(MAX_DESCRIPTOR_BYTES + 1);
    expect(parseReportDescriptor(big)).toEqual({ ok: false, error: expect.stringContaining('refused') });
    expect(parseReportDescriptor(new Uint8Array(0)).ok).toBe(false);
  });

  it('refuses a cut-off item, an end without a collection, deep nesting and a huge report', () => {
    expect(parseReportDescriptor(Uint8Array.of(0x05)).ok).toBe(false);
    expect(parseReportDescriptor(Uint8Array.of(0xc0)).ok).toBe(false);
    expect(parseReportDescriptor(new Uint8Array(40).fill(0xa1).map((v, i) => (i % 2 ? 0x02 : v))).ok).toBe(false);
    // 0x75 0x08 size 8, 0x96 0x00 0x04 count 1024, Input: 8192 bits + 8 more = over 1024 bytes
    const huge = Uint8Array.of(0x05, 0x0b, 0x09, 0x05, 0xa1, 0x01, 0x75, 0x08, 0x96, 0x01, 0x04, 0x81, 0x02, 0xc0);
    expect(parseReportDescriptor(huge)).toEqual({ ok: false, error: expect.stringContaining('longer than') });
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
      const r = parseReportDescriptor(bytes);
      expect(typeof r.ok).toBe('boolean');
    }), { numRuns: 300 });
  });
});
