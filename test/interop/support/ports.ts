// Free ports and "is it listening yet" for the servers the interop tier runs.
import { createSocket } from 'node:dgram';
import { createConnection, createServer, type AddressInfo } from 'node:net';

export async function freeTcpPort(host: string): Promise<number> {
  const [port] = await freeTcpPorts(host, 1);
  return port;
}

/**
 * `count` distinct free ports. All are held open until the last is chosen: asking one at a time, the kernel may
 * hand the same port out twice (a CI run started Kamailio with its ws and wss listeners on one port).
 */
export async function freeTcpPorts(host: string, count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    for (const server of servers) await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

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
