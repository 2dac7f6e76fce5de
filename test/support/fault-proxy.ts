/**
 * A loopback TCP proxy a test puts between the page and a server, to break
 * the network the ways a shift meets it:
 *
 *   cut()        both halves of every connection closed (as a server restart
 *                or a cable pulled with the kernel noticing)
 *   freeze()     every connection kept open but silent in both directions:
 *                the page's half-open WebSocket that only a keep-alive finds
 *                (the server's half stays open too, believing the agent is there)
 *   refuse()     no new connections (SYN refused) until restore()
 *   restore()    new connections accepted again (frozen ones stay dead)
 *   switchTo()   new connections go to another server (open ones keep theirs):
 *                e.g. an HTTPS front whose certificate the page does not trust
 *
 * It counts the connections it accepted, for tests that check how gently a
 * client comes back.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FaultProxy {
  readonly port: number;
  /** Connections accepted since start. */
  readonly accepted: number;
  cut(): void;
  freeze(): void;
  refuse(): Promise<void>;
  restore(): Promise<void>;
  /** New connections go to `url`'s host and port from now on (an http(s) base URL). */
  switchTo(url: string): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
}

/** `listenHost`: the loopback address it listens on (a test's network namespace may give it another). */
export async function startFaultProxy(targetPort: number, targetHost = '127.0.0.1', listenHost = '127.0.0.1'): Promise<FaultProxy> {
  let target = { port: targetPort, host: targetHost };
  const pairs = new Set<Pair>();
  let accepted = 0;
  const forward = (from: Socket, to: Socket, pair: Pair): void => {
    from.on('data', (chunk: Buffer) => {
      // A frozen pair swallows what arrives: nothing reaches the other side, nothing is closed.
      if (!pair.frozen && !to.destroyed) to.write(chunk);
    });
  };
  const makeServer = (): Server =>
    createServer((client) => {
      accepted += 1;
      const upstream = connect(target.port, target.host);
      const pair: Pair = { client, upstream, frozen: false };
      pairs.add(pair);
      for (const socket of [client, upstream]) {
        socket.on('error', () => undefined);
        socket.setNoDelay(true);
      }
      forward(client, upstream, pair);
      forward(upstream, client, pair);
      const end = (): void => {
        if (pair.frozen) return; // a dead path tells nobody
        client.destroy();
        upstream.destroy();
        pairs.delete(pair);
      };
      client.on('close', end);
      upstream.on('close', end);
    });
  const listen = (server: Server, port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, listenHost, () => resolve((server.address() as AddressInfo).port));
    });
  let server: Server | null = makeServer();
  const port = await listen(server, 0);
  const stopListening = async (): Promise<void> => {
    // close() stops listening at once; its callback would wait for every open connection to end.
    server?.close();
    server = null;
  };
  const destroyAll = (): void => {
    for (const pair of pairs) {
      pair.frozen = false;
      pair.client.destroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    get accepted() {
      return accepted;
    },
    cut: destroyAll,
    freeze() {
      for (const pair of pairs) pair.frozen = true;
    },
    refuse: stopListening,
    async restore() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    switchTo(url) {
      const { hostname, port: next } = new URL(url);
      target = { port: Number(next), host: hostname };
    },
    async close() {
      await stopListening();
      destroyAll();
    },
  };
}
