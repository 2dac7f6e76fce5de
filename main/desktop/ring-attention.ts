// The taskbar asks for attention while a call rings (Windows flashes the
// button, macOS bounces the dock icon, Linux marks the window urgent) unless
// the window already has the focus; it stops when the call stops ringing.
// The tray's 'ringing' icon and the OS notification are the other two signs.
import type { PhoneStatus } from '../../common/ipc/workstation';

/** What of a BrowserWindow this needs. */
export interface AttentionWindow {
  flashFrame(flag: boolean): void;
  isFocused(): boolean;
  isDestroyed(): boolean;
}

export interface RingAttention {
  /** Feed every phone status the renderer reports. */
  update(status: PhoneStatus): void;
}

export function createRingAttention(window: AttentionWindow): RingAttention {
  let flashing = false;
  const set = (flag: boolean) => {
    if (flag === flashing || window.isDestroyed()) return;
    flashing = flag;
    window.flashFrame(flag);
  };
  return {
    update(status) {
      const ringing = status.call?.state === 'ringing';
      if (!ringing) set(false);
      else if (!window.isFocused()) set(true);
    },
  };
}
