// A compromised page: it holds the browser host's bridge (as any page the host
// serves does) and sends whatever requests it likes, as the renderer would.
import WebSocket from 'ws';
import type { BrowserHost } from '../../../main/browser-host';
import { bridgeSecretOf } from '../../support/bridge-secret';

export interface HostilePage {
  request(channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string; say?: { key: string } } }>;
  close(): void;
}

export async function hostilePage(host: BrowserHost): Promise<HostilePage> {
  const secret = await bridgeSecretOf(host);
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?secret=${secret}`, { origin: host.origin });
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done());
    socket.once('error', fail);
  });
  let next = 1;
  return {
    request(channel, payload) {
      const id = next++;
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no reply to ${channel} in 15 s`)), 15_000);
        const onMessage = (data: WebSocket.RawData) => {
          const frame = JSON.parse(data.toString()) as { type: string; id?: number; result?: unknown };
          if (frame.type !== 'reply' || frame.id !== id) return;
          clearTimeout(timer);
          socket.off('message', onMessage);
          done(frame.result as Awaited<ReturnType<HostilePage['request']>>);
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ type: 'request', id, channel, payload }));
      });
    },
    close: () => socket.close(),
  };
}
