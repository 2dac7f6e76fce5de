// A TCP forwarder whose target can be switched: the workstation's instance
// URL points here, and a test turns it to another server (e.g. an HTTPS front
// with a certificate the workstation does not trust) without restarting the
// app. Each new connection goes to the target of that moment; connections
// already open keep theirs. Bounded: at most 64 connections at once.
import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpTarget {
  host: string;
  port: number;
}

export interface TcpSwitch {
  port: number;
  /** New connections go to `target` from now on. */
  switchTo(target: TcpTarget): void;
  close(): Promise<void>;
}

const MAX_CONNECTIONS = 64;

export async function startTcpSwitch(listenHost: string, first: TcpTarget): Promise<TcpSwitch> {
  let target = first;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (open.size >= MAX_CONNECTIONS * 2) return void client.destroy();
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.once('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The TCP switch has no port.');
  return {
    port: address.port,
    switchTo(next) {
      target = next;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** host and port of an http(s) base URL. */
export function targetOf(baseUrl: string): TcpTarget {
  const url = new URL(baseUrl);
  return { host: url.hostname, port: Number(url.port) };
}
