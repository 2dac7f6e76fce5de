/**
 * The shape of a HID device's report layout as WebHID gives it
 * (`HIDDevice.collections`), reduced to what the headset code reads. The
 * WebHID types are not in TypeScript's DOM lib, so they are declared here;
 * `parseReportDescriptor` produces the same shape from raw descriptor bytes,
 * which is how the tests feed published descriptors through the same code
 * the page will run on a real device.
 *
 * Usages are 32-bit "extended" values: usage page in the high 16 bits, usage
 * ID in the low 16 bits (0x000B0020 = Telephony / Hook Switch).
 */

export interface HidReportItem {
  readonly isAbsolute: boolean;
  readonly isArray: boolean;
  readonly isConstant: boolean;
  readonly isRange: boolean;
  readonly hasNull: boolean;
  readonly usages: readonly number[];
  readonly usageMinimum: number;
  readonly usageMaximum: number;
  /** Bits per field. */
  readonly reportSize: number;
  /** Fields in this item. */
  readonly reportCount: number;
  readonly logicalMinimum: number;
  readonly logicalMaximum: number;
}

export interface HidReportInfo {
  readonly reportId: number;
  readonly items: readonly HidReportItem[];
}

export interface HidCollectionInfo {
  readonly usagePage: number;
  readonly usage: number;
  /** 0 physical, 1 application, 2 logical, … (HID 1.11 §6.2.2.6). */
  readonly type: number;
  readonly children: readonly HidCollectionInfo[];
  readonly inputReports: readonly HidReportInfo[];
  readonly outputReports: readonly HidReportInfo[];
  readonly featureReports: readonly HidReportInfo[];
}

/** Usage pages and usages this code reads (HID Usage Tables 1.5, §11 and §12). */
export const Page = { led: 0x08, telephony: 0x0b } as const;

export const usage = (page: number, id: number): number => ((page & 0xffff) * 0x10000) + (id & 0xffff);

export const Usage = {
  hookSwitch: usage(Page.telephony, 0x20),
  flash: usage(Page.telephony, 0x21),
  redial: usage(Page.telephony, 0x24),
  phoneMute: usage(Page.telephony, 0x2f),
  lineBusyTone: usage(Page.telephony, 0x97),
  ledMute: usage(Page.led, 0x09),
  ledOffHook: usage(Page.led, 0x17),
  ledRing: usage(Page.led, 0x18),
  ledHold: usage(Page.led, 0x20),
} as const;

/** A line for the log; the headset code never throws at a device's bytes, it says what it ignored. */
export type HeadsetLog = (line: string) => void;
