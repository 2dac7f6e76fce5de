import { describe, expect, it } from 'vitest';
import { headsetCallControl, type CallPicture } from '../../renderer/src/headset/headset-call-control';
import { createInputDecoder } from '../../renderer/src/headset/headset-input-decoder';
import type { TelephonyLayout } from '../../renderer/src/headset/telephony-layout';
import { jabraLink380c, polyBlackwire3220, yealinkPublishedLayout as Y } from './fixtures/descriptors';
import { layoutOf } from './fixtures/layout-of';

const idle: CallPicture = { ringing: false, live: false, held: false, muted: false };
const ringing = { ...idle, ringing: true };
const live = { ...idle, live: true };

/** Device bytes in, actions out, through decoder and control together, as the page will wire them. */
function rig(layout: TelephonyLayout) {
  let now = 0;
  const log: string[] = [];
  const decoder = createInputDecoder(layout, (l) => log.push(l), { now: () => now });
  const control = headsetCallControl(layout, (l) => log.push(l));
  const press = (reportId: number, ...bytes: number[]) =>
    decoder.decode(reportId, Uint8Array.of(...bytes)).map((e) => control.handle(e));
  const lights = (p: CallPicture) => control.callChanged(p).map((r) => [r.reportId, [...r.data]]);
  return { press, lights, control, log, at: (t: number) => { now = t; } };
}

describe('headsetCallControl — Jabra Link 380c (lights: report 2, byte 0: off-hook 0x01, mute 0x04, ring 0x08, hold 0x10)', () => {
  it('rings, is answered by the recorded press, mutes, holds, resumes and hangs up', () => {
    const r = rig(layoutOf(jabraLink380c));
    r.at(1000);
    expect(r.lights(ringing)).toEqual([[2, [0x08, 0x00]]]);
    expect(r.press(2, 1, 0)).toEqual(['answer']);
    expect(r.lights(live)).toEqual([[2, [0x01, 0x00]]]);
    expect(r.press(2, 0x09, 0)).toEqual(['toggle-mute']);
    expect(r.lights({ ...live, muted: true })).toEqual([[2, [0x05, 0x00]]]);
    expect(r.press(2, 0x11, 0)).toEqual(['hold']);
    expect(r.lights({ ...idle, held: true, muted: true })).toEqual([[2, [0x15, 0x00]]]);
    expect(r.press(2, 0x01, 0)).toEqual([]); // flash released: nothing
    expect(r.press(2, 0x11, 0)).toEqual(['resume']);
    expect(r.lights(live)).toEqual([[2, [0x01, 0x00]]]);
    expect(r.press(2, 0, 0)).toEqual(['hang-up']);
    expect(r.lights(idle)).toEqual([[2, [0x00, 0x00]]]);
  });

  it('a waiting call lights ring beside off-hook; flash answers it, then swaps', () => {
    const r = rig(layoutOf(jabraLink380c));
    r.at(1000);
    r.lights(live);
    expect(r.lights({ ...live, ringing: true })).toEqual([[2, [0x09, 0x00]]]);
    expect(r.press(2, 0x10, 0)).toEqual(['answer']);
    expect(r.lights({ ...live, held: true })).toEqual([[2, [0x11, 0x00]]]);
    expect(r.press(2, 0x00, 0)).toEqual([]);
    expect(r.press(2, 0x10, 0)).toEqual(['swap']);
  });

  it('sends only the reports that changed, and all of them after a reconnect', () => {
    const r = rig(layoutOf(jabraLink380c));
    expect(r.lights(live)).toEqual([[2, [0x01, 0x00]]]);
    expect(r.lights(live)).toEqual([]);
    expect(r.control.allLights().map((x) => [x.reportId, [...x.data]])).toEqual([[2, [0x01, 0x00]]]);
  });
});

describe('headsetCallControl — Poly Blackwire 3220 (one report per light)', () => {
  it('ring, off-hook, mute and hold each go to their own report', () => {
    const r = rig(layoutOf(polyBlackwire3220));
    r.at(1000);
    expect(r.lights(ringing)).toEqual([[0x09, [0]], [0x17, [0]], [0x18, [1]], [0x20, [0]]]);
    expect(r.press(8, 0x02)).toEqual(['answer']);
    expect(r.lights(live)).toEqual([[0x17, [1]], [0x18, [0]]]);
    expect(r.lights({ ...idle, held: true, muted: true })).toEqual([[0x09, [1]], [0x20, [1]]]);
  });
});

describe('headsetCallControl — a misbehaving device never answers by itself', () => {
  it('a hook switch on at connect time does not answer a call that rings later, however often repeated', () => {
    const r = rig(layoutOf(polyBlackwire3220));
    r.at(10);
    expect(r.press(8, 0x02)).toEqual([]);
    r.at(60_000);
    r.lights(ringing);
    for (let i = 0; i < 5; i++) expect(r.press(8, 0x02)).toEqual([]);
  });

  it('a bit that sticks on before the call rings does not answer it', () => {
    const r = rig(layoutOf(jabraLink380c));
    r.at(1000);
    expect(r.press(2, 1, 0)).toEqual([null]); // off-hook with nothing ringing: ignored, not kept
    r.lights(ringing);
    expect(r.press(2, 1, 0)).toEqual([]);
    expect(r.log.some((l) => l.includes('off-hook ignored'))).toBe(true);
  });

  it('answers one ring once, even if the device toggles again before the phone answered', () => {
    const r = rig(layoutOf(jabraLink380c));
    r.at(1000);
    r.lights(ringing);
    expect(r.press(2, 1, 0)).toEqual(['answer']);
    expect(r.press(2, 0, 0)).toEqual([null]); // the ~2 s revert while still ringing: not a hang-up, not a reject
    expect(r.press(2, 1, 0)).toEqual([null]);
    r.lights(idle);
    r.lights(ringing); // the next call: its own ring may be answered
    expect(r.press(2, 0, 0)).toEqual([null]);
    expect(r.press(2, 1, 0)).toEqual(['answer']);
  });

  it('mute and flash with no call do nothing', () => {
    const r = rig(layoutOf(jabraLink380c));
    r.at(1000);
    expect(r.press(2, 0x18, 0)).toEqual([null, null]);
  });
});

describe('headsetCallControl — Yealink, from the layout Yealink published in code (no descriptor exists publicly)', () => {
  const at = (reportId: number, bit: number) => ({ reportId, bitOffset: bit, bitSize: 1, relative: false });
  const yealink: TelephonyLayout = {
    inputs: { hookSwitch: at(Y.inputReportId, Y.hookBit), phoneMute: at(Y.inputReportId, Y.muteBit) },
    lights: { offHook: at(Y.outputReportId, Y.offHookBit), mute: at(Y.outputReportId, Y.muteLedBit), ring: at(Y.outputReportId, Y.ringBit), hold: at(Y.outputReportId, Y.holdLedBit) },
    inputReportBytes: new Map([[Y.inputReportId, 1]]), outputReportBytes: new Map([[Y.outputReportId, 1]]), skipped: [],
  };
  it('rings with 0x04, answers on bit 0, lights off-hook + mute as 0x03', () => {
    const r = rig(yealink);
    r.at(1000);
    expect(r.lights(ringing)).toEqual([[4, [0x04]]]);
    expect(r.press(4, 0x01)).toEqual(['answer']);
    expect(r.lights({ ...live, muted: true })).toEqual([[4, [0x03]]]);
  });
});
