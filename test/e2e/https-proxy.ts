// An HTTPS front for the simulator with a certificate from a throw-away CA
// (like a real instance behind a private CA): the app must refuse it until
// the CA file is trusted, never by turning verification off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTlsMaterial } from '../../simulator/sip/tls-authority';

export interface HttpsProxy {
  baseUrl: string;
  /** PEM file of the CA that issued the proxy's certificate. */
  caFile: string;
  close(): Promise<void>;
}

/** `host`: where it listens and the name its certificate carries (loopback unless a test needs a private address). */
export async function startHttpsProxy(target: string, host = '127.0.0.1'): Promise<HttpsProxy> {
  const tls = createTlsMaterial([host]);
  const dir = mkdtempSync(join(tmpdir(), 'https-proxy-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, tls.caCertPem);
  const upstream = new URL(target);
  const server = createServer({ key: tls.serverKeyPem, cert: tls.serverCertPem }, (request, response) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.once('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  return {
    baseUrl: `https://${host}:${(server.address() as AddressInfo).port}`,
    caFile,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
