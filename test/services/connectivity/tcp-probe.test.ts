// The real probe: TCP connects to a loopback port where nothing listens (each
// refused), then a server opens there and the wait answers reachable.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReachabilityProber, tcpConnect, type ConnectProbe } from '../../../main/services/connectivity';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A loopback port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('TCP reachability probe on loopback', () => {
  it('refused while closed, reachable as soon as a server listens; the connection is closed again at once', async () => {
    const port = await freePort();
    const target = { host: '127.0.0.1', port };
    expect(await tcpConnect(target, { timeoutMs: 800, signal: new AbortController().signal })).toBe(false);
    const outcomes: boolean[] = [];
    const connect: ConnectProbe = async (t, o) => {
      const connected = await tcpConnect(t, o);
      outcomes.push(connected);
      return connected;
    };
    const prober = createReachabilityProber({ connect });
    const waiting = prober.wait(target, { timeoutMs: 20_000 });
    await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    let accepted = 0;
    let closedByProbe = false;
    server = createServer((socket) => {
      accepted += 1;
      socket.on('end', () => (closedByProbe = true));
      socket.on('error', () => (closedByProbe = true));
      socket.resume();
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const result = await waiting;
    expect(result.reachable).toBe(true);
    expect(result.probes).toBe(outcomes.length);
    expect(outcomes.at(-1)).toBe(true);
    expect(outcomes.slice(0, -1).every((o) => !o)).toBe(true);
    await vi.waitFor(() => expect(accepted).toBe(1));
    await vi.waitFor(() => expect(closedByProbe).toBe(true));
    prober.close();
  });

  it('an aborted connect answers false at once', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await tcpConnect({ host: '127.0.0.1', port: 9 }, { timeoutMs: 800, signal: controller.signal })).toBe(false);
  });
});
