// The shift-start check's API step against real servers on loopback: a
// trusted certificate (IT's CA), an untrusted one said with what it is, a
// server clock far from ours, and nobody listening.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkApi } from '../../../main/services/workstation';
import { createTlsMaterial } from '../../../simulator/sip/tls-authority';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});
const listen = async (server: Server): Promise<number> => {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
};

describe('the check\'s API step', () => {
  const tls = createTlsMaterial(['127.0.0.1']);

  it('reports TLS, a certificate trusted through IT\'s CA, and the server\'s clock', async () => {
    const port = await listen(createServer({ key: tls.serverKeyPem, cert: tls.serverCertPem }, (_req, res) => res.writeHead(200, { Date: new Date(Date.now() + 120_000).toUTCString() }).end('ok')));
    const result = await checkApi({ url: `https://127.0.0.1:${port}/Integra/`, caPem: tls.caCertPem });
    expect(result).toMatchObject({ reachable: true, status: 200, tls: { authorized: true, problem: null }, problem: null });
    expect(result.tls?.protocol).toMatch(/^TLSv1\.[23]$/u);
    expect(result.clockSkewSeconds).toBeGreaterThanOrEqual(118);
    expect(result.clockSkewSeconds).toBeLessThanOrEqual(122);
  });

  it('says a certificate is not trusted without IT\'s CA, and why, and sends that server no request', async () => {
    let requests = 0;
    const port = await listen(createServer({ key: tls.serverKeyPem, cert: tls.serverCertPem }, (_req, res) => {
      requests += 1;
      res.end('ok');
    }));
    const result = await checkApi({ url: `https://127.0.0.1:${port}`, caPem: null });
    expect(requests).toBe(0);
    expect(result.status).toBeNull();
    expect(result.reachable).toBe(true);
    expect(result.tls?.authorized).toBe(false);
    expect(result.tls?.problem).toMatch(/UNABLE_TO_VERIFY|CERT|SIGNED|ISSUER/u);
  });

  it('says when nothing answers, and reads plain http without TLS', async () => {
    const port = await listen(createHttpServer((_req, res) => res.end('ok')));
    expect(await checkApi({ url: `http://127.0.0.1:${port}`, caPem: null })).toMatchObject({ reachable: true, tls: null });
    const closed = createHttpServer();
    const gone = await listen(closed);
    await new Promise((done) => closed.close(done));
    servers.splice(servers.indexOf(closed), 1);
    const result = await checkApi({ url: `http://127.0.0.1:${gone}`, caPem: null });
    expect(result).toMatchObject({ reachable: false, status: null });
    expect(result.problem).toMatch(/ECONNREFUSED/u);
  });
});
