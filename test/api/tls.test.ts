import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegraClient, TlsError } from '../../main/api';

// A tiny HTTPS server whose certificate is issued by a CA made here: the client
// must refuse it until that CA is trusted, and never by switching checks off.

function keyPair(): forge.pki.rsa.KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function certificate(subject: string, keys: forge.pki.rsa.KeyPair, issuer: { cert?: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey }, isCa: boolean): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = String(Date.now() % 1e9) + (isCa ? '1' : '2');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer(issuer.cert ? issuer.cert.subject.attributes : [{ name: 'commonName', value: subject }]);
  cert.setExtensions(
    isCa
      ? [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  );
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

let server: Server;
let baseUrl: string;
let caPem: string;
let otherCaPem: string;

beforeAll(async () => {
  const caKeys = keyPair();
  const ca = certificate('Test Root CA', caKeys, { key: caKeys.privateKey }, true);
  const serverKeys = keyPair();
  const leaf = certificate('127.0.0.1', serverKeys, { cert: ca, key: caKeys.privateKey }, false);
  const otherKeys = keyPair();
  caPem = forge.pki.certificateToPem(ca);
  otherCaPem = forge.pki.certificateToPem(certificate('Other CA', otherKeys, { key: otherKeys.privateKey }, true));
  server = createServer({ key: forge.pki.privateKeyToPem(serverKeys.privateKey), cert: forge.pki.certificateToPem(leaf) }, (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/Integra/resources/auth/getUserToken' ? 'tls-token-1' : '0');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('TLS', () => {
  it('refuses a certificate from an untrusted CA with a TLS error that says what to do', async () => {
    for (const ca of [undefined, otherCaPem]) {
      const client = createIntegraClient({ baseUrl, ...(ca ? { ca } : {}) });
      const error = await client.clientAuthenticate({ user: 'u', password: 'p' }).catch((e: unknown) => e);
      await client.close();
      expect(error).toBeInstanceOf(TlsError);
      expect((error as TlsError).message).toMatch(/Client Authentication: .*certificate could not be verified.*CA certificate/);
    }
  });

  it('the reachability probe uses the same trust: not reachable over an unverified certificate, reachable once the CA is trusted', async () => {
    const untrusted = createIntegraClient({ baseUrl, ca: otherCaPem });
    const refused = await untrusted.probe({ timeoutMs: 2_000 });
    await untrusted.close();
    expect(refused.reachable).toBe(false);
    expect(!refused.reachable && refused.reason).toMatch(/CERT|SIGNATURE|VERIFY|SELF_SIGNED|UNABLE/);
    const trusted = createIntegraClient({ baseUrl, ca: caPem });
    expect(await trusted.probe({ timeoutMs: 2_000 })).toEqual({ reachable: true, status: 200 });
    await trusted.close();
  });

  it('succeeds once the custom CA is trusted', async () => {
    const client = createIntegraClient({ baseUrl, ca: caPem });
    await expect(client.clientAuthenticate({ user: 'u', password: 'p' })).resolves.toBe('tls-token-1');
    await client.close();
  });
});
