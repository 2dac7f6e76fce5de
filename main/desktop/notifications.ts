// Incoming-call notifications, Electron side: shows one when a call starts
// ringing, closes it when the call stops ringing, and turns clicks and
// buttons into phone commands. `index.ts` passes `(o) => new Notification(o)`.
import type { Event, NotificationConstructorOptions } from 'electron';
import type { PhoneCommand, PhoneStatus } from '../../common/ipc/workstation';
import { incomingCallNotification, type CallNotificationContext } from './notifications-incoming-call';

export interface NotificationLike {
  show(): void;
  close(): void;
  on(event: 'click', listener: (event: Event) => void): unknown;
  on(event: 'action', listener: (event: Event, index: number) => void): unknown;
}

export interface CallNotifierPorts {
  /** `Notification.isSupported()`. */
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): NotificationLike;
  context(): CallNotificationContext;
  /** Sends the command to the phone (renderer) and focuses the window for `show-call` and `answer`. */
  onCommand(command: PhoneCommand): void;
}

export interface CallNotifier {
  /** Feed every phone status the renderer reports. */
  update(status: PhoneStatus): void;
}

export function createCallNotifier(ports: CallNotifierPorts): CallNotifier {
  let shown: { callId: string; notification: NotificationLike } | undefined;

  const closeShown = () => {
    // A reference is kept while it shows: a collected notification loses its click handler.
    const closing = shown;
    shown = undefined;
    closing?.notification.close();
  };

  return {
    update(status) {
      const call = status.call;
      if (!call || call.state !== 'ringing') return closeShown();
      if (shown?.callId === call.id || !ports.isSupported()) return;
      closeShown();
      const built = incomingCallNotification(call, ports.context());
      const notification = ports.create(built.options);
      const callId = call.id;
      notification.on('click', () => ports.onCommand({ command: 'show-call', callId }));
      notification.on('action', (_event, index) => {
        const action = built.actions[index];
        if (action) ports.onCommand({ command: action, callId });
      });
      shown = { callId, notification };
      notification.show();
    },
  };
}
