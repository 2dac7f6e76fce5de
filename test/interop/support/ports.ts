// Free ports and "is it listening yet" for the servers the interop tier runs.
import { createSocket } from 'node:dgram';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';

export async function freeTcpPort(host: string): Promise<number> {
  const server = await listening(host);
  const { port } = server.address() as AddressInfo;
  await closed(server);
  return port;
}

/**
 * Two distinct free ports. Both are held open until both are chosen: asking one at a time, the kernel may
 * hand the same port out twice (a CI run started Kamailio with its ws and wss listeners on one port).
 */
export async function freeTcpPortPair(host: string): Promise<[number, number]> {
  const first = await listening(host);
  const second = await listening(host);
  try {
    return [(first.address() as AddressInfo).port, (second.address() as AddressInfo).port];
  } finally {
    await Promise.all([closed(first), closed(second)]);
  }
}

async function listening(host: string): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

const closed = (server: Server): Promise<void> => new Promise<void>((resolve) => server.close(() => resolve()));

export async function freeUdpPort(host: string): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Resolves once `host:port` accepts a TCP connection (bounded: 10 s, 20 ms steps); `what` names the server in the error. */
export async function waitForTcpPort(host: string, port: number, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not accept connections on ${host}:${port} within 10 s.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
