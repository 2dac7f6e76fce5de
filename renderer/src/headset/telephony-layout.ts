/**
 * Finds where a headset's telephony controls and lights sit in its reports:
 * the Telephony page (0x0B) inputs Hook Switch, Phone Mute, Flash, Redial and
 * Line Busy Tone, and the LED page (0x08) outputs Off-Hook, Ring, Mute and
 * Hold, each as (report id, bit offset, bit size, relative or absolute).
 *
 * Reads only top-level collections, whose report lists hold every item in
 * descriptor order (Chromium adds an item to each ancestor), so bit offsets
 * are the running sum of size × count over the report's items. Matching is
 * on the full 32-bit usage, so Jabra's vendor pages (0xFF30/0xFF40) that
 * mirror the telephony usage IDs are not mistaken for them.
 *
 * Real descriptors mark data as constant: the Jabra Link 380c declares its
 * hook switch Input(Const,Var,Abs) and its mute Input(Const,Var,Rel), and
 * sends live bits there. So a constant item that names one of our usages is
 * taken; a constant item without usages is padding. Array-encoded controls
 * (a selector field) are not supported yet and are listed in `skipped`.
 */
import { Usage, type HidCollectionInfo, type HidReportInfo, type HidReportItem } from './hid-types';

export interface FieldLocation {
  readonly reportId: number;
  readonly bitOffset: number;
  readonly bitSize: number;
  /** Relative (a press sends 1, then 0) rather than absolute (the bit is a level). */
  readonly relative: boolean;
}

export type InputControl = 'hookSwitch' | 'phoneMute' | 'flash' | 'redial' | 'lineBusyTone';
export type Light = 'offHook' | 'ring' | 'mute' | 'hold';

export interface TelephonyLayout {
  readonly inputs: Readonly<Partial<Record<InputControl, FieldLocation>>>;
  readonly lights: Readonly<Partial<Record<Light, FieldLocation>>>;
  /** Byte length (without the report id) of every output report that carries a light. */
  readonly outputReportBytes: ReadonlyMap<number, number>;
  /** Byte length of every input report that carries a control; others are not ours. */
  readonly inputReportBytes: ReadonlyMap<number, number>;
  /** Telephony usages seen but not usable, with the reason. */
  readonly skipped: readonly string[];
}

const INPUT_USAGES: ReadonlyMap<number, InputControl> = new Map([
  [Usage.hookSwitch, 'hookSwitch'], [Usage.phoneMute, 'phoneMute'], [Usage.flash, 'flash'],
  [Usage.redial, 'redial'], [Usage.lineBusyTone, 'lineBusyTone'],
]);
const LIGHT_USAGES: ReadonlyMap<number, Light> = new Map([
  [Usage.ledOffHook, 'offHook'], [Usage.ledRing, 'ring'], [Usage.ledMute, 'mute'], [Usage.ledHold, 'hold'],
]);

/** The usage of field `i` of a variable item: a range counts up, a list repeats its last usage (HID 1.11 §6.2.2.8). */
function usageOfField(item: HidReportItem, i: number): number | undefined {
  if (item.isRange) return Math.min(item.usageMinimum + i, item.usageMaximum);
  return item.usages[Math.min(i, item.usages.length - 1)];
}

function collectReports(collections: readonly HidCollectionInfo[], kind: 'inputReports' | 'outputReports'): Map<number, HidReportInfo> {
  const byId = new Map<number, HidReportInfo>();
  for (const c of collections) {
    for (const r of c[kind]) if (!byId.has(r.reportId)) byId.set(r.reportId, r);
  }
  return byId;
}

function scan<K extends string>(
  reports: Map<number, HidReportInfo>, wanted: ReadonlyMap<number, K>, skipped: string[],
): { found: Partial<Record<K, FieldLocation>>; bytes: Map<number, number> } {
  const found: Partial<Record<K, FieldLocation>> = {};
  const bytes = new Map<number, number>();
  for (const report of reports.values()) {
    let offset = 0;
    let carries = false;
    for (const item of report.items) {
      const width = item.reportSize * item.reportCount;
      if (item.isArray) {
        const named = [...item.usages, item.usageMinimum].some((u) => wanted.has(u));
        if (named) skipped.push(`report ${report.reportId}: array-encoded telephony control at bit ${offset} is not supported`);
      } else {
        for (let i = 0; i < item.reportCount; i++) {
          const u = usageOfField(item, i);
          const name = u === undefined ? undefined : wanted.get(u);
          if (name === undefined || found[name]) continue;
          found[name] = { reportId: report.reportId, bitOffset: offset + i * item.reportSize, bitSize: item.reportSize, relative: !item.isAbsolute };
          carries = true;
        }
      }
      offset += width;
    }
    if (carries) bytes.set(report.reportId, Math.ceil(offset / 8));
  }
  return { found, bytes };
}

export function findTelephonyLayout(collections: readonly HidCollectionInfo[]): TelephonyLayout {
  const skipped: string[] = [];
  const inputs = scan(collectReports(collections, 'inputReports'), INPUT_USAGES, skipped);
  const lights = scan(collectReports(collections, 'outputReports'), LIGHT_USAGES, skipped);
  return { inputs: inputs.found, lights: lights.found, inputReportBytes: inputs.bytes, outputReportBytes: lights.bytes, skipped };
}

/** A device is worth opening only if it has a hook switch: without one the buttons cannot answer or hang up. */
export function isUsableHeadset(layout: TelephonyLayout): boolean {
  return layout.inputs.hookSwitch !== undefined;
}
