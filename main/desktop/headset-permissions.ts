// Electron's side of the headset buttons (WebHID), thin: Electron has no
// device chooser, so `select-hid-device` picks the first telephony headset,
// and the device permission handler lets our page keep using one (so
// `navigator.hid.getDevices()` finds it at the next start). The decisions
// are main/services/headsets/headset-access.ts; the permission *check* for
// 'hid' is in security.ts's one check handler.
import type { Session } from 'electron';
import { mayUseDevice, pickHeadset } from '../services/headsets/headset-access';
import { isOwnPageUrl, originOf, type RendererLocation } from './security';

type HidSession = Pick<Session, 'on' | 'setDevicePermissionHandler'>;

export function allowTelephonyHeadsets(session: HidSession, location: RendererLocation, enabled: () => boolean): void {
  session.on('select-hid-device', (event, details, callback) => {
    event.preventDefault();
    const ownPage = details.frame !== null && isOwnPageUrl(details.frame.url, location);
    callback(pickHeadset({ enabled: enabled(), ownPage }, details.deviceList));
  });
  session.setDevicePermissionHandler((details) => {
    if (details.deviceType !== 'hid' || !('collections' in details.device)) return false;
    return mayUseDevice({ enabled: enabled(), ownPage: originOf(details.origin) === location.origin }, details.device);
  });
}
