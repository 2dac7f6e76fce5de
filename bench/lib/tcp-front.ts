// A front for bench/fleet-reconnect: what stands before many PBXs (a load
// balancer, a TLS proxy, an HTTP server up before the WebSocket): it always
// accepts TCP. While its backend answers it passes bytes both ways; while the
// backend is away it either closes at once (`close`) or answers the HTTP
// request with 503 and Retry-After (`503`). Loopback only; every connection
// it holds is closed with it.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type FrontMode = 'close' | '503';

export interface TcpFront {
  readonly port: number;
  /** Connections accepted while the backend was away. */
  readonly refusedForBackend: number;
  close(): Promise<void>;
}

const BUSY = 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 30\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

export async function startTcpFront(backendPort: number, mode: FrontMode): Promise<TcpFront> {
  const open = new Set<Socket>();
  let refused = 0;
  const track = (socket: Socket): void => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    const backend = connect({ host: '127.0.0.1', port: backendPort });
    track(backend);
    backend.once('connect', () => {
      client.pipe(backend);
      backend.pipe(client);
    });
    backend.once('error', () => {
      backend.destroy();
      if (client.destroyed) return;
      refused += 1;
      if (mode === 'close') client.destroy();
      else client.once('data', () => client.end(BUSY));
    });
    backend.once('close', () => client.destroy());
    client.once('close', () => backend.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get refusedForBackend() {
      return refused;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
