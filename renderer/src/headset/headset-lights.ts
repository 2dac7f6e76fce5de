/**
 * Encodes the headset's lights (LED page: Off-Hook, Ring, Mute, Hold) into
 * output reports at the places the device's descriptor gives. A report holds
 * the bits of every light it carries (Jabra: all in report 2; Poly: one report
 * per light), so each report is built whole from the full light state; other
 * bits in it (Speaker, On-Line, padding) are sent as 0.
 */
import type { Light, TelephonyLayout } from './telephony-layout';

export type LightState = Readonly<Record<Light, boolean>>;

/** One output report, without its id, as `HIDDevice.sendReport(reportId, data)` takes it. */
export interface OutputReport {
  readonly reportId: number;
  readonly data: Uint8Array;
}

function writeBits(data: Uint8Array, bitOffset: number, bitSize: number, value: number): void {
  let v = value;
  for (let i = 0; i < bitSize; i++) {
    const bit = bitOffset + i;
    const byte = bit >> 3;
    const mask = 1 << (bit & 7);
    const current = data[byte] ?? 0;
    data[byte] = v % 2 === 1 ? current | mask : current & ~mask;
    v = Math.floor(v / 2);
  }
}

export function encodeLights(layout: TelephonyLayout, state: LightState): OutputReport[] {
  const reports = new Map<number, Uint8Array>();
  for (const [reportId, bytes] of layout.outputReportBytes) reports.set(reportId, new Uint8Array(bytes));
  for (const [light, at] of Object.entries(layout.lights) as [Light, NonNullable<TelephonyLayout['lights'][Light]>][]) {
    const data = reports.get(at.reportId);
    if (data) writeBits(data, at.bitOffset, at.bitSize, state[light] ? 1 : 0);
  }
  return [...reports.entries()].map(([reportId, data]) => ({ reportId, data }));
}
