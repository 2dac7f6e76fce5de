// Free ports and "is it listening yet" for the servers the interop tier runs.
import { createSocket } from 'node:dgram';
import { createConnection, createServer, type AddressInfo } from 'node:net';

export async function freeTcpPort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
