// The browser host's bridge socket, opened while the page's first module is
// evaluated: main.tsx imports this module first, so the socket's
// handshake (and the host's welcome) happen while the contract's schemas (zod)
// are being built, not after (issue 23). No zod here, nothing the contract
// needs. The page address carries a one-time code; the host answers it with
// its secret, which this tab keeps (sessionStorage) for its reloads, and the
// code leaves the address bar at once. In Electron (a preload bridge) there is
// no socket.
import { BRIDGE_PATH } from '../../../common/ipc/bridge-path';

function openBridgeSocket(): WebSocket {
  const url = new URL(BRIDGE_PATH, window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = new URLSearchParams(bridgeCredential()).toString();
  // The code is spent by this page's connection: nothing reusable stays in the address bar or history.
  if (window.location.hash) history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return new WebSocket(url.toString());
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

/** The host's secret, from its welcome: this tab's reloads connect with it. */
export function keepBridgeSecret(secret: string): void {
  try {
    sessionStorage.setItem(SECRET_KEY, secret);
  } catch {
    /* storage refused: a reload of this tab will need the app's window instead */
  }
}

// Last in the module: opening reads SECRET_KEY above, which must be defined by then.
/** Opened at import, once per page load; null in Electron, whose preload is the bridge. */
export const bridgeSocket: WebSocket | null = window.softphone ? null : openBridgeSocket();
