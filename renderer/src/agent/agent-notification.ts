// An OS notification for a missed call or a callback that falls due, in
// Electron (main allows our page notifications) and in browser mode:
// permission asked once, a refusal respected; the cards in the app stay either way.
// The caller's words in them lose bidi overrides here too (a record kept by an older version).
import { withoutFormatControls } from '../../../common/untrusted-text';

export function notifyAgent(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined') return;
  const show = () => {
    try {
      const n = new Notification(withoutFormatControls(title), { body: withoutFormatControls(body), tag });
      n.onclick = () => window.focus();
    } catch {
      /* a platform without notifications: the badge and the card still show it */
    }
  };
  if (Notification.permission === 'granted') show();
  else if (Notification.permission === 'default') void Notification.requestPermission().then((p) => p === 'granted' && show());
}
