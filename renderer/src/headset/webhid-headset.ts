// One headset opened over WebHID and tied to the phone: its input reports go
// through the decoder and the call control to phone actions, and the phone's
// calls come back as light output reports. Nothing a device sends can throw
// out of here: odd reports are ignored with a log line (the decoder's), a
// failing action or sendReport is logged.
import { findTelephonyLayout, isUsableHeadset } from './telephony-layout';
import { createInputDecoder } from './headset-input-decoder';
import { headsetCallControl } from './headset-call-control';
import type { OutputReport } from './headset-lights';
import type { HeadsetLog } from './hid-types';
import { callPicture, performHeadsetAction, type HeadsetPhone } from './headset-phone';
import type { HidDeviceHandle, HidInputReportEvent } from './webhid-types';

export interface AttachedHeadset {
  readonly name: string;
  /** The phone's calls changed: the lights follow. */
  callsChanged(): void;
  detach(): Promise<void>;
}

export async function attachHeadset(device: HidDeviceHandle, phone: HeadsetPhone, log: HeadsetLog): Promise<AttachedHeadset | null> {
  const name = device.productName || `HID ${device.vendorId.toString(16).padStart(4, '0')}:${device.productId.toString(16).padStart(4, '0')}`;
  const layout = findTelephonyLayout(device.collections);
  if (!isUsableHeadset(layout)) {
    log(`headset: ${name} has no hook switch on the telephony page; not used`);
    return null;
  }
  if (!device.opened) await device.open();
  const decoder = createInputDecoder(layout, log, { now: () => performance.now() });
  const control = headsetCallControl(layout, log);
  const send = (reports: OutputReport[]): void => {
    for (const report of reports) {
      device.sendReport(report.reportId, Uint8Array.from(report.data)).catch((error: unknown) => log(`headset: ${name} did not take light report ${report.reportId}: ${String(error)}`));
    }
  };
  const onInput = (event: Event): void => {
    const { reportId, data } = event as HidInputReportEvent;
    for (const headsetEvent of decoder.decode(reportId, new Uint8Array(data.buffer, data.byteOffset, data.byteLength))) {
      const action = control.handle(headsetEvent);
      if (!action) continue;
      log(`headset: ${name} ${headsetEvent.type} → ${action}`);
      performHeadsetAction(phone, action).catch((error: unknown) => log(`headset: ${action} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  };
  device.addEventListener('inputreport', onInput);
  control.callChanged(callPicture(phone));
  send(control.allLights());
  return {
    name,
    callsChanged: () => send(control.callChanged(callPicture(phone))),
    async detach() {
      device.removeEventListener('inputreport', onInput);
      await device.close().catch(() => undefined);
    },
  };
}
