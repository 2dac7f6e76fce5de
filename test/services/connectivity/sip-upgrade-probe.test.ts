// Main's probe of the SIP service against real loopback servers: only a
// WebSocket upgrade that selects `sip` counts as "the service answers"; a
// port that refuses, a front that accepts TCP and closes, an HTTP server that
// answers 503 or upgrades without `sip`, and one that never answers do not.
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { sipUpgradeProbe, sipUpgradeProbeTrusting, type SipProbeOutcome } from '../../../main/services/connectivity';
import { createTlsMaterial } from '../../../simulator/sip/tls-authority';
import { freeTcpPort } from '../../interop/support/ports';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

async function probe(port: number, timeoutMs = 2_000, signal = new AbortController().signal): Promise<{ answered: boolean; outcome: SipProbeOutcome | null }> {
  let outcome: SipProbeOutcome | null = null;
  const answered = await sipUpgradeProbe({ host: '127.0.0.1', port, url: `ws://127.0.0.1:${port}/ws` }, { timeoutMs, signal, onOutcome: (o) => (outcome = o) });
  return { answered, outcome };
}

describe('sipUpgradeProbe', () => {
  it('a SIP WebSocket (101 selecting sip) answers; the probe closes it with a close frame at once', async () => {
    const http = createServer();
    const wss = new WebSocketServer({ server: http, handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false) });
    const closes: number[] = [];
    const paths: string[] = [];
    wss.on('connection', (socket, request) => {
      paths.push(request.url ?? '');
      socket.on('close', (code) => closes.push(code));
    });
    closers.push(() => new Promise((resolve) => wss.close(() => resolve())));
    const port = await listen(http);
    expect(await probe(port)).toEqual({ answered: true, outcome: 'sip' });
    await expect.poll(() => closes).toEqual([1000]);
    expect(paths).toEqual(['/ws']);
  });

  it('on wss it checks the certificate as the phone does: a private CA\'s server is not there until IT\'s CA is trusted', async () => {
    const tls = createTlsMaterial();
    const https = createTlsServer({ cert: tls.serverCertPem, key: tls.serverKeyPem });
    const wss = new WebSocketServer({ server: https, handleProtocols: (protocols) => (protocols.has('sip') ? 'sip' : false) });
    closers.push(() => new Promise((resolve) => wss.close(() => resolve())));
    const port = await listen(https);
    const target = { host: '127.0.0.1', port, url: `wss://127.0.0.1:${port}/ws` };
    const outcomes: SipProbeOutcome[] = [];
    const options = { timeoutMs: 2_000, signal: new AbortController().signal, onOutcome: (o: SipProbeOutcome) => void outcomes.push(o) };
    expect(await sipUpgradeProbe(target, options)).toBe(false);
    expect(await sipUpgradeProbeTrusting(() => tls.caCertPem)(target, options)).toBe(true);
    expect(outcomes).toEqual(['refused', 'sip']);
  });

  it('a port that refuses is "refused"', async () => {
    const port = await freeTcpPort('127.0.0.1');
    expect(await probe(port)).toEqual({ answered: false, outcome: 'refused' });
  });

  it('a front that accepts TCP and closes, or answers 503, or upgrades without sip, is "not-sip"', async () => {
    const closing = createTcpServer((socket) => socket.destroy());
    expect(await probe(await listen(closing))).toEqual({ answered: false, outcome: 'not-sip' });
    const busy = createServer((_req, res) => res.writeHead(503, { 'Retry-After': '5' }).end());
    expect(await probe(await listen(busy))).toEqual({ answered: false, outcome: 'not-sip' });
    const http = createServer();
    const wss = new WebSocketServer({ server: http, handleProtocols: () => false });
    closers.push(() => new Promise((resolve) => wss.close(() => resolve())));
    expect(await probe(await listen(http))).toEqual({ answered: false, outcome: 'not-sip' });
  });

  it('a server that accepts and never answers is "not-sip" at the time-out; an abort ends a probe at once', async () => {
    const held: Socket[] = [];
    const silent = createTcpServer((socket) => held.push(socket));
    closers.push(async () => held.forEach((s) => s.destroy()));
    const port = await listen(silent);
    const started = Date.now();
    expect(await probe(port, 300)).toEqual({ answered: false, outcome: 'not-sip' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const controller = new AbortController();
    const pending = probe(port, 10_000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await pending).answered).toBe(false);
  });
});
