// Picks the transport: Electron's preload bridge when present, else the
// browser host's WebSocket (bridge-socket.ts opened it already).
import type { SoftphoneBridge } from '../../../common/ipc-contract';
import { bridgeSocket, keepBridgeSecret } from './bridge-socket';
import { createSoftphoneApi, type SoftphoneApi } from './softphone-api';
import { createWebSocketBridge, type BridgeLoss } from './websocket-bridge';

declare global {
  interface Window {
    softphone?: SoftphoneBridge;
  }
}

export type { SoftphoneApi } from './softphone-api';
export type { BridgeLoss } from './websocket-bridge';

export interface ConnectedApi {
  api: SoftphoneApi;
  onLost(listener: (loss: BridgeLoss) => void): void;
}

export function connectSoftphoneApi(): ConnectedApi {
  if (window.softphone) return { api: createSoftphoneApi(window.softphone), onLost: () => undefined };
  if (!bridgeSocket) throw new Error('The page has neither the app\'s preload bridge nor its bridge socket.');
  const bridge = createWebSocketBridge(bridgeSocket, keepBridgeSecret);
  return { api: createSoftphoneApi(bridge), onLost: (listener) => bridge.onLost(listener) };
}
