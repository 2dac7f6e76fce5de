// Picks the transport: Electron's preload bridge when present, else the
// browser host's WebSocket (address and per-launch secret from the page URL).
import { BRIDGE_PATH, type SoftphoneBridge } from '../../../common/ipc-contract';
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
  const secret = new URLSearchParams(window.location.hash.slice(1)).get('secret') ?? '';
  const url = new URL(BRIDGE_PATH, window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = new URLSearchParams({ secret }).toString();
  const bridge = createWebSocketBridge(url.toString());
  return { api: createSoftphoneApi(bridge), onLost: (listener) => bridge.onLost(listener) };
}
