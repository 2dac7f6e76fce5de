// A desktop notification for a call that rings (not for one answered by
// itself), in browser mode: a Web Notification, permission asked once and a
// refusal respected. In Electron main shows the native one (with Answer and
// Reject where the OS offers actions) from the phone status the page
// reports (main/desktop/notifications*), so the page shows none. The caller's
// words lose bidi overrides here too, as in main's.
import { withoutFormatControls } from '../../../common/untrusted-text';

export function notifyIncomingCall(title: string, body: string): void {
  if (window.softphone || typeof Notification === 'undefined') return;
  const show = () => {
    try {
      const n = new Notification(withoutFormatControls(title), { body: withoutFormatControls(body), tag: 'incoming-call', requireInteraction: true });
      n.onclick = () => window.focus();
    } catch {
      /* a platform without notifications: the ringtone and the panel still show the call */
    }
  };
  if (Notification.permission === 'granted') show();
  else if (Notification.permission === 'default') void Notification.requestPermission().then((p) => p === 'granted' && show());
}
