// The ONLY file that touches ipcMain (lint enforces it). It registers one
// Electron handler per request channel of the contract, each going through
// the transport-agnostic handle(); the sender must be our window's main frame
// showing our own page.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { REQUEST_CHANNELS, type EventChannel, type EventOf } from '../../common/ipc-contract';
import type { Dispatch } from '../ipc';
import { isOwnPageUrl, type RendererLocation } from './security';

type HandleRegistry = Pick<IpcMain, 'handle' | 'removeHandler'>;

/** Registers every request channel on `ipc`; returns the unregister function. */
export function registerIpcHandlers(ipc: HandleRegistry, dispatch: Dispatch<IpcMainInvokeEvent>): () => void {
  for (const channel of REQUEST_CHANNELS) {
    ipc.handle(channel, (event, payload: unknown) => dispatch(channel, payload, event));
  }
  return () => {
    for (const channel of REQUEST_CHANNELS) ipc.removeHandler(channel);
  };
}

/** Registers on Electron's own ipcMain (loaded lazily so tests of this file need no Electron binary). */
export async function registerOnElectronIpcMain(dispatch: Dispatch<IpcMainInvokeEvent>): Promise<() => void> {
  const { ipcMain } = await import('electron');
  return registerIpcHandlers(ipcMain, dispatch);
}

type SenderEvent = { senderFrame: { url: string } | null; sender: { mainFrame: unknown; id: number } };

/** Trusted: the main frame (not an iframe) of our window, showing our page. */
export function isTrustedSender(event: SenderEvent, ownContentsId: () => number | undefined, location: RendererLocation): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (event.sender.id !== ownContentsId()) return false;
  if (frame !== event.sender.mainFrame) return false;
  return isOwnPageUrl(frame.url, location);
}

/** Pushes an event to our window's page, if it is still there. */
export function sendEvent<E extends EventChannel>(contents: Pick<WebContents, 'send' | 'isDestroyed'> | undefined, event: E, payload: EventOf<E>): void {
  if (contents && !contents.isDestroyed()) contents.send(event, payload);
}
