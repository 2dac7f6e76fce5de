// A test HID device in the page: `navigator.hid` replaced (before the app's
// code runs) by one that offers a single device with the collections a real
// headset's published report descriptor gives (parsed as Chromium does,
// renderer/src/headset/hid-descriptor-parser.ts), records every output report
// the app sends (the lights), and lets the test replay recorded input reports.
// No HID device can exist on this machine (no uhid), so this is how the
// buttons are tested: see docs/HEADSETS.md.
import type { BrowserContext, Page } from 'playwright-core';
import { parseReportDescriptor } from '../../renderer/src/headset/hid-descriptor-parser';

export interface FakeHeadset {
  readonly productName: string;
  readonly vendorId: number;
  readonly productId: number;
  readonly descriptor: Uint8Array;
}

interface FakeHidWindow {
  __hidSent?: [number, number[]][];
  __hidReplay?: (reportId: number, bytes: number[]) => void;
  __hidOpened?: () => boolean;
}

/** Installs the fake in every page of `context` from its next load; the device is offered by requestDevice only (never allowed before). */
export async function installFakeHeadset(context: BrowserContext, headset: FakeHeadset): Promise<void> {
  const parsed = parseReportDescriptor(headset.descriptor);
  if (!parsed.ok) throw new Error(`the test headset's descriptor does not parse: ${parsed.error}`);
  const device = { productName: headset.productName, vendorId: headset.vendorId, productId: headset.productId, collections: parsed.collections };
  await context.addInitScript((spec: typeof device) => {
    const w = window as unknown as FakeHidWindow;
    const sent: [number, number[]][] = [];
    w.__hidSent = sent;
    class TestHidDevice extends EventTarget {
      opened = false;
      readonly productName = spec.productName;
      readonly vendorId = spec.vendorId;
      readonly productId = spec.productId;
      readonly collections = spec.collections;
      open(): Promise<void> {
        this.opened = true;
        return Promise.resolve();
      }
      close(): Promise<void> {
        this.opened = false;
        return Promise.resolve();
      }
      sendReport(reportId: number, data: BufferSource): Promise<void> {
        if (!this.opened) return Promise.reject(new DOMException('The device must be opened first.', 'InvalidStateError'));
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        sent.push([reportId, [...bytes]]);
        return Promise.resolve();
      }
    }
    const headset = new TestHidDevice();
    let allowed = false;
    class TestHid extends EventTarget {
      getDevices(): Promise<TestHidDevice[]> {
        return Promise.resolve(allowed ? [headset] : []);
      }
      requestDevice(options: { filters: { usagePage?: number }[] }): Promise<TestHidDevice[]> {
        const wanted = options.filters.map((f) => f.usagePage);
        const matches = spec.collections.some((c) => wanted.includes(c.usagePage));
        allowed = allowed || matches;
        return Promise.resolve(matches ? [headset] : []);
      }
    }
    const hid = new TestHid();
    Object.defineProperty(Navigator.prototype, 'hid', { configurable: true, get: () => hid });
    w.__hidOpened = () => headset.opened;
    w.__hidReplay = (reportId, bytes) => {
      if (!headset.opened) throw new Error('the app has not opened the headset');
      const event = Object.assign(new Event('inputreport'), { device: headset, reportId, data: new DataView(Uint8Array.from(bytes).buffer) });
      headset.dispatchEvent(event);
    };
  }, device);
}

/** Replays one input report (without its id, as WebHID gives it). */
export async function replayInputReport(page: Page, reportId: number, bytes: readonly number[]): Promise<void> {
  await page.evaluate(([id, data]) => (window as unknown as FakeHidWindow).__hidReplay!(id, data), [reportId, [...bytes]] as [number, number[]]);
}

/** Every output report the app sent the headset so far. */
export async function sentReports(page: Page): Promise<[number, number[]][]> {
  return page.evaluate(() => (window as unknown as FakeHidWindow).__hidSent ?? []);
}
