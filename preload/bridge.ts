// What the preload exposes as window.softphone: invoke a request channel of
// the contract, listen to an event channel. Nothing else: no ipcRenderer, no
// Node, no channel outside the contract. Imports only the channel names (no
// schema library), so the sandboxed preload stays a single small file.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { isEventChannel, isRequestChannel } from '../common/ipc/channels';
import type { SoftphoneBridge } from '../common/ipc-contract';

type RendererIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

export function createPreloadBridge(ipc: RendererIpc): SoftphoneBridge {
  return Object.freeze({
    invoke(channel: string, payload: unknown): Promise<unknown> {
      if (!isRequestChannel(channel)) return Promise.reject(new Error(`"${String(channel).slice(0, 80)}" is not a request of the app's contract.`));
      return ipc.invoke(channel, payload);
    },
    on(event: string, listener: (payload: unknown) => void): () => void {
      if (!isEventChannel(event)) throw new Error(`"${String(event).slice(0, 80)}" is not an event of the app's contract.`);
      if (typeof listener !== 'function') throw new Error('The listener must be a function.');
      const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(event, wrapped);
      return () => {
        ipc.removeListener(event, wrapped);
      };
    },
  });
}
