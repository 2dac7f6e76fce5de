// Picks the transport: Electron's preload bridge when present, else the
// browser host's WebSocket. The page address carries a one-time code; the host
// answers it with its secret, which this tab keeps (sessionStorage) for its
// reloads, and the code leaves the address bar at once.
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
  const url = new URL(BRIDGE_PATH, window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = new URLSearchParams(bridgeCredential()).toString();
  // The code is spent by this page's connection: nothing reusable stays in the address bar or history.
  if (window.location.hash) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  const bridge = createWebSocketBridge(url.toString(), (secret) => keepSecret(secret));
  return { api: createSoftphoneApi(bridge), onLost: (listener) => bridge.onLost(listener) };
}

const SECRET_KEY = 'softphone.bridge';

/** This tab's secret from an earlier load (a reload), else the one-time code of the address. */
function bridgeCredential(): Record<string, string> {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (code) return { code };
  return { secret: readSecret() };
}

function readSecret(): string {
  try {
    return sessionStorage.getItem(SECRET_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepSecret(secret: string): void {
  try {
    sessionStorage.setItem(SECRET_KEY, secret);
  } catch {
    /* storage refused: a reload of this tab will need the app's window instead */
  }
}
