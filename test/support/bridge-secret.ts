// The browser host's secret as a page gets it: a one-time code from the page
// address opens the bridge, whose first frame (`welcome`) carries the secret.
import WebSocket from 'ws';
import type { BrowserHost } from '../../main/browser-host';

/** The one-time code of a fresh page address. */
export const codeOf = (host: BrowserHost): string => new URLSearchParams(new URL(host.url).hash.slice(1)).get('code') ?? '';

export function bridgeSecretOf(host: BrowserHost): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?code=${codeOf(host)}`, { origin: host.origin });
    socket.once('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; secret?: string };
      socket.close();
      // The host sends the welcome before any other frame.
      if (frame.type === 'welcome' && frame.secret) resolve(frame.secret);
      else reject(new Error(`the first frame was ${frame.type}, not welcome`));
    });
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
