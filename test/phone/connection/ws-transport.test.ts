// The phone's WebSocket transport against a real WebSocket server on
// loopback (the `ws` package in place of the page's WebSocket): SIP frames in
// and out, CRLF keep-alive pings answered or not, and a dead connection let
// go at once instead of after the closing handshake it will never finish.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { TransportState } from 'sip.js';
import { PhoneTransport, type SipSocket } from '../../../renderer/src/phone/connection/ws-transport';
import { FakeTimers } from '../support/fake-timers';

const servers: WebSocketServer[] = [];
const transports: PhoneTransport[] = [];

afterEach(async () => {
  for (const t of transports.splice(0)) await t.dispose();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => {
    for (const c of s.clients) c.terminate();
    s.close(() => resolve());
  })));
});

/** A SIP WebSocket server that answers CRLF pings with a pong unless told to stay silent. */
async function startServer(): Promise<{ url: string; sockets: ServerSocket[]; received: string[]; silent: { value: boolean } }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (p) => (p.has('sip') ? 'sip' : false) });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const sockets: ServerSocket[] = [];
  const received: string[] = [];
  const silent = { value: false };
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      if (silent.value) return;
      const text = String(data);
      received.push(text);
      if (text === '\r\n\r\n') socket.send('\r\n');
    });
    socket.on('error', () => undefined);
  });
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}/ws`, sockets, received, silent };
}

const nodeSocket = (url: string, protocol: string): SipSocket => new NodeWebSocket(url, protocol) as unknown as SipSocket;

function transportTo(url: string, extra: Partial<ConstructorParameters<typeof PhoneTransport>[1]> = {}): PhoneTransport {
  const t = new PhoneTransport(undefined, { server: url, socketFactory: nodeSocket, ...extra });
  transports.push(t);
  return t;
}

describe('PhoneTransport', () => {
  it('tells the trace every SIP message sent and received, and no keep-alive (issue 26)', async () => {
    const server = await startServer();
    const traced: string[] = [];
    const t = transportTo(server.url, { onMessageTrace: (direction, message) => traced.push(`${direction}: ${message.split('\r\n')[0] ?? ''}`) });
    await t.connect();
    await t.send('OPTIONS sip:pbx SIP/2.0\r\n\r\n');
    expect(await t.ping(2_000)).toBe(true);
    server.sockets[0]?.send('SIP/2.0 200 OK\r\n\r\n');
    await expect.poll(() => traced).toEqual(['sent: OPTIONS sip:pbx SIP/2.0', 'received: SIP/2.0 200 OK']);
  });

  it('connects, carries SIP both ways, and keeps CRLF pongs out of the SIP stream', async () => {
    const server = await startServer();
    const t = transportTo(server.url);
    const messages: string[] = [];
    t.onMessage = (m) => messages.push(m);
    const connected = vi.fn();
    t.onConnect = connected;
    await t.connect();
    expect(t.state).toBe(TransportState.Connected);
    expect(connected).toHaveBeenCalledOnce();
    await t.send('OPTIONS sip:x SIP/2.0\r\n\r\n');
    await vi.waitFor(() => expect(server.received).toContain('OPTIONS sip:x SIP/2.0\r\n\r\n'));
    expect(await t.ping(2_000)).toBe(true);
    expect(t.pongSeen).toBe(true);
    server.sockets[0]!.send('SIP/2.0 200 OK\r\n\r\n');
    await vi.waitFor(() => expect(messages).toEqual(['SIP/2.0 200 OK\r\n\r\n']));
  });

  it('says a silent connection is dead and lets it go at once, reporting the loss', async () => {
    const server = await startServer();
    const t = transportTo(server.url);
    const lost: (Error | undefined)[] = [];
    t.onDisconnect = (error) => lost.push(error);
    await t.connect();
    server.silent.value = true;
    // The server side stops reading too: the closing handshake can never complete.
    (server.sockets[0] as unknown as { _socket: { pause(): void } })._socket.pause();
    expect(await t.ping(200)).toBe(false);
    t.abandon('nothing answered a keep-alive within 0.2 s');
    // Reported before any closing handshake: the phone can reconnect right away.
    expect(t.state).toBe(TransportState.Disconnected);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.message).toMatch(/given up: nothing answered a keep-alive/);
    await expect(t.send('x')).rejects.toThrow(/Not connected/);
    // A new connection works, and the old socket's late events do not touch it.
    server.silent.value = false;
    await t.connect();
    server.sockets[0]!.terminate();
    expect(await t.ping(2_000)).toBe(true);
    expect(t.state).toBe(TransportState.Connected);
    expect(lost).toHaveLength(1);
  });

  it('reports a server that closes the connection, and refuses to connect where nothing listens', async () => {
    const server = await startServer();
    const t = transportTo(server.url);
    const lost: (Error | undefined)[] = [];
    t.onDisconnect = (error) => lost.push(error);
    await t.connect();
    server.sockets[0]!.close();
    await vi.waitFor(() => expect(lost).toHaveLength(1));
    expect(lost[0]?.message).toMatch(/closed/);

    const nowhere = transportTo('ws://127.0.0.1:1/ws');
    nowhere.onDisconnect = () => lost.push(undefined);
    await expect(nowhere.connect()).rejects.toThrow(/Could not connect/);
    expect(nowhere.state).toBe(TransportState.Disconnected);
    expect(lost).toHaveLength(1);
  });

  it('gives up connecting after its time-out', async () => {
    const timers = new FakeTimers();
    const neverOpens: SipSocket = { readyState: 0, binaryType: '', send: () => undefined, close: vi.fn(), addEventListener: () => undefined };
    const t = transportTo('wss://pbx.example:8089/ws', { timers, connectionTimeout: 5, socketFactory: () => neverOpens });
    const connecting = t.connect();
    timers.advance(5_000);
    await expect(connecting).rejects.toThrow(/timed out/);
    expect(neverOpens.close).toHaveBeenCalled();
    expect(t.state).toBe(TransportState.Disconnected);
  });

  it('refuses an address that is not ws:// or wss://', () => {
    expect(() => new PhoneTransport(undefined, { server: 'http://pbx.example/ws' })).toThrow(/not a ws:\/\/ or wss:\/\/ address/);
  });
});
