// A front for bench/fleet-reconnect: what stands before many PBXs (a load
// balancer, a TLS proxy, an HTTP server up before the WebSocket): it always
// accepts TCP. While its backend answers it passes bytes both ways; while the
// backend is away it either closes at once (`close`) or answers the HTTP
// request with 503 and Retry-After (`503`). Loopback only; every connection
// it holds is closed with it.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { z } from 'zod';
import { readReadyLine, spawnTs } from './spawn-simulator';

export type FrontMode = 'close' | '503';

export interface TcpFront {
  readonly port: number;
  close(): Promise<void>;
}

const BUSY = 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 30\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

export async function startTcpFront(backendPort: number, mode: FrontMode): Promise<TcpFront> {
  const open = new Set<Socket>();
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
      if (mode === 'close') client.destroy();
      else client.once('data', () => client.end(BUSY));
    });
    backend.once('close', () => client.destroy());
    client.once('close', () => backend.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The same front in a process of its own (bench/tcp-front-child.ts), as a load balancer has its own CPU. */
export async function startTcpFrontProcess(backendPort: number, mode: FrontMode, timeoutMs = 30_000): Promise<TcpFront> {
  const child = spawnTs('bench/tcp-front-child.ts', ['--backend-port', String(backendPort), '--mode', mode, '--parent', String(process.pid)]);
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const { port } = await readReadyLine(child, timeoutMs, z.object({ event: z.literal('front-ready'), port: z.number().int().positive() }));
    child.stdout?.resume();
    return {
      port,
      close: async () => {
        child.kill('SIGTERM');
        await stopped;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`The bench's front did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
