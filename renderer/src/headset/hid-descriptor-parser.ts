/**
 * Parses a HID report descriptor (HID 1.11 §6.2.2) into the collection tree
 * WebHID exposes as `HIDDevice.collections`. In the page the browser does
 * this itself; this parser exists so that published descriptors of real
 * headsets can be replayed through the same layout code in tests, and so the
 * code has one model of a layout whichever way it arrived.
 *
 * It follows Chromium's parser (services/device/public/cpp/hid/) where the
 * spec leaves room: a main item is added to its collection and to every
 * ancestor, so a top-level collection lists every item of its reports in
 * order; a 1- or 2-byte usage takes the usage page in force when the usage
 * item is read; a 4-byte usage is already extended. No npm package for this
 * was found in the registry lists (only device-specific WebHID wrappers), so
 * it is ours.
 *
 * Bounded: a descriptor over MAX_DESCRIPTOR_BYTES, nesting past MAX_DEPTH,
 * more than MAX_MAIN_ITEMS items or MAX_LOCAL_USAGES usages, a field wider than
 * 32 bits or a report longer than MAX_REPORT_BYTES is refused with a reason.
 * It never throws.
 */
import type { HidCollectionInfo, HidReportInfo, HidReportItem } from './hid-types';

export const MAX_DESCRIPTOR_BYTES = 4096;
export const MAX_REPORT_BYTES = 1024;
const MAX_DEPTH = 16;
const MAX_MAIN_ITEMS = 2048;
const MAX_LOCAL_USAGES = 1024;
const MAX_GLOBAL_STACK = 16;

export type ParseResult =
  | { readonly ok: true; readonly collections: readonly HidCollectionInfo[] }
  | { readonly ok: false; readonly error: string };

interface Globals {
  usagePage: number; logicalMinimum: number; logicalMaximum: number;
  reportSize: number; reportCount: number; reportId: number;
}

interface Locals { usages: number[]; usageMinimum: number | null; usageMaximum: number | null }

type Kind = 'inputReports' | 'outputReports' | 'featureReports';

interface Building {
  usagePage: number; usage: number; type: number;
  children: Building[];
  reports: Record<Kind, Map<number, HidReportItem[]>>;
  parent: Building | null;
}

const MAIN_KIND: Readonly<Record<number, Kind>> = { 0x8: 'inputReports', 0x9: 'outputReports', 0xb: 'featureReports' };

class Refused extends Error {}

function unsignedData(bytes: Uint8Array, at: number, size: number): number {
  let v = 0;
  for (let i = size - 1; i >= 0; i--) v = v * 256 + (bytes[at + i] ?? 0);
  return v;
}

function signedData(raw: number, size: number): number {
  if (size === 0) return 0;
  const bits = size * 8;
  const top = 2 ** (bits - 1);
  return raw >= top ? raw - 2 ** bits : raw;
}

function newCollection(parent: Building | null, extUsage: number, type: number): Building {
  return {
    usagePage: Math.floor(extUsage / 0x10000), usage: extUsage % 0x10000, type, children: [], parent,
    reports: { inputReports: new Map(), outputReports: new Map(), featureReports: new Map() },
  };
}

function freeze(c: Building): HidCollectionInfo {
  const reports = (kind: Kind): HidReportInfo[] =>
    [...c.reports[kind].entries()].map(([reportId, items]) => ({ reportId, items }));
  return {
    usagePage: c.usagePage, usage: c.usage, type: c.type,
    children: c.children.map(freeze),
    inputReports: reports('inputReports'), outputReports: reports('outputReports'), featureReports: reports('featureReports'),
  };
}

export function parseReportDescriptor(bytes: Uint8Array): ParseResult {
  if (bytes.length === 0) return { ok: false, error: 'empty report descriptor' };
  if (bytes.length > MAX_DESCRIPTOR_BYTES) {
    return { ok: false, error: `report descriptor of ${bytes.length} bytes refused (limit ${MAX_DESCRIPTOR_BYTES})` };
  }
  try {
    return { ok: true, collections: walk(bytes) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.message };
    return { ok: false, error: `report descriptor not understood: ${String(e)}` };
  }
}

function walk(bytes: Uint8Array): HidCollectionInfo[] {
  const top: Building[] = [];
  const stack: Globals[] = [];
  let g: Globals = { usagePage: 0, logicalMinimum: 0, logicalMaximum: 0, reportSize: 0, reportCount: 0, reportId: 0 };
  let l: Locals = { usages: [], usageMinimum: null, usageMaximum: null };
  let current: Building | null = null;
  let depth = 0;
  let mainItems = 0;
  const reportBits = new Map<string, number>();

  let at = 0;
  while (at < bytes.length) {
    const prefix = bytes[at] ?? 0;
    if (prefix === 0xfe) { // long item (HID 1.11 §6.2.2.3): none are defined; skip it whole
      const size = bytes[at + 1];
      if (size === undefined || at + 3 + size > bytes.length) throw new Refused(`long item at byte ${at} runs past the end`);
      at += 3 + size;
      continue;
    }
    const size = [0, 1, 2, 4][prefix & 3] ?? 0;
    if (at + 1 + size > bytes.length) throw new Refused(`item at byte ${at} runs past the end`);
    const raw = unsignedData(bytes, at + 1, size);
    const type = (prefix >> 2) & 3;
    const tag = prefix >> 4;
    at += 1 + size;

    if (type === 1) { // global
      switch (tag) {
        case 0x0: g.usagePage = raw & 0xffff; break;
        case 0x1: g.logicalMinimum = signedData(raw, size); break;
        case 0x2: g.logicalMaximum = signedData(raw, size); break;
        case 0x7: g.reportSize = raw; break;
        case 0x8:
          if (raw === 0 || raw > 0xff) throw new Refused(`report id ${raw} is not 1…255`);
          g.reportId = raw; break;
        case 0x9: g.reportCount = raw; break;
        case 0xa:
          if (stack.length >= MAX_GLOBAL_STACK) throw new Refused('push nested too deep');
          stack.push({ ...g }); break;
        case 0xb: {
          const popped = stack.pop();
          if (!popped) throw new Refused(`pop without push at byte ${at - 1 - size}`);
          g = popped; break;
        }
        default: break; // physical bounds, unit, unit exponent: not read here
      }
      continue;
    }
    if (type === 2) { // local
      const ext = size === 4 ? raw : g.usagePage * 0x10000 + raw;
      if (tag === 0x0) {
        if (l.usages.length >= MAX_LOCAL_USAGES) throw new Refused('too many usages before one main item');
        l.usages.push(ext);
      } else if (tag === 0x1) l.usageMinimum = ext;
      else if (tag === 0x2) l.usageMaximum = ext;
      continue;
    }
    if (type !== 0) continue; // reserved item type: skip

    if (++mainItems > MAX_MAIN_ITEMS) throw new Refused(`more than ${MAX_MAIN_ITEMS} main items`);
    if (tag === 0xa) { // collection
      if (++depth > MAX_DEPTH) throw new Refused(`collections nested deeper than ${MAX_DEPTH}`);
      const c = newCollection(current, l.usages[0] ?? l.usageMinimum ?? 0, raw);
      (current ? current.children : top).push(c);
      current = c;
    } else if (tag === 0xc) { // end collection
      if (!current) throw new Refused(`end collection without collection at byte ${at - 1}`);
      current = current.parent;
      depth--;
    } else {
      const kind = MAIN_KIND[tag];
      if (kind && current) addItem(current, kind, itemOf(raw, g, l), g, reportBits);
    }
    l = { usages: [], usageMinimum: null, usageMaximum: null };
  }
  return top.map(freeze);
}

function itemOf(flags: number, g: Globals, l: Locals): HidReportItem {
  if (g.reportSize > 32) throw new Refused(`field of ${g.reportSize} bits refused (limit 32)`);
  const isRange = l.usages.length === 0 && l.usageMinimum !== null && l.usageMaximum !== null;
  return {
    isConstant: (flags & 0x01) !== 0,
    isArray: (flags & 0x02) === 0,
    isAbsolute: (flags & 0x04) === 0,
    hasNull: (flags & 0x40) !== 0,
    isRange,
    usages: l.usages,
    usageMinimum: isRange ? l.usageMinimum ?? 0 : 0,
    usageMaximum: isRange ? l.usageMaximum ?? 0 : 0,
    reportSize: g.reportSize,
    reportCount: g.reportCount,
    logicalMinimum: g.logicalMinimum,
    logicalMaximum: g.logicalMaximum,
  };
}

function addItem(c: Building, kind: Kind, item: HidReportItem, g: Globals, reportBits: Map<string, number>): void {
  const key = `${kind}:${g.reportId}`;
  const bits = (reportBits.get(key) ?? 0) + item.reportSize * item.reportCount;
  if (bits > MAX_REPORT_BYTES * 8) throw new Refused(`report ${g.reportId} longer than ${MAX_REPORT_BYTES} bytes`);
  reportBits.set(key, bits);
  for (let at: Building | null = c; at; at = at.parent) {
    const list = at.reports[kind].get(g.reportId);
    if (list) list.push(item);
    else at.reports[kind].set(g.reportId, [item]);
  }
}
