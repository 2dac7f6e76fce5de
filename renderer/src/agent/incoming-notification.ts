// A desktop notification for a call that rings (not for one answered by
// itself). Chromium's Web Notification works in Electron's renderer and in
// browser mode alike; permission is asked once, and refusal is respected.
export function notifyIncomingCall(title: string, body: string): void {
  if (typeof Notification === 'undefined') return;
  const show = () => {
    try {
      const n = new Notification(title, { body, tag: 'incoming-call', requireInteraction: true });
      n.onclick = () => window.focus();
    } catch {
      /* a platform without notifications: the ringtone and the panel still show the call */
    }
  };
  if (Notification.permission === 'granted') show();
  else if (Notification.permission === 'default') void Notification.requestPermission().then((p) => p === 'granted' && show());
}
