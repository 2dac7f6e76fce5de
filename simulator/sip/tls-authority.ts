// A throw-away certificate authority made at each start, so the WSS endpoint
// has a certificate the app can trust through its custom-CA setting instead of
// anyone disabling TLS verification.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface TlsMaterial {
  caCertPem: string;
  serverCertPem: string;
  serverKeyPem: string;
}

/** Names the server certificate covers: loopback plus the given host names/IPs. */
export function createTlsMaterial(hosts: string[] = [], now = new Date(), random: (size: number) => Buffer = randomBytes): TlsMaterial {
  const ca = newKeyPair();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = certificateSerial(random(16));
  setValidity(caCert, now, 365);
  const caName = [{ name: 'commonName', value: 'Integra Simulator Test CA' }, { name: 'organizationName', value: 'integra-simulator' }];
  caCert.setSubject(caName);
  caCert.setIssuer(caName);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const server = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = server.publicKey;
  cert.serialNumber = certificateSerial(random(16));
  setValidity(cert, now, 30);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer(caCert.subject.attributes);
  const names = new Set(['localhost', '127.0.0.1', ...hosts]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [...names].map((n) => (isIpAddress(n) ? { type: 7, ip: n } : { type: 2, value: n })) },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());

  return {
    caCertPem: forge.pki.certificateToPem(caCert),
    serverCertPem: forge.pki.certificateToPem(cert),
    serverKeyPem: forge.pki.privateKeyToPem(server.privateKey),
  };
}

// Node's native RSA key generation: forge's pure-JS one takes seconds.
function newKeyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privateKey: forge.pki.privateKeyFromPem(privateKey),
  };
}

function setValidity(cert: forge.pki.Certificate, now: Date, days: number): void {
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60_000);
  cert.validity.notAfter = new Date(now.getTime() + days * 24 * 60 * 60_000);
}

/**
 * A serial forge writes as a valid DER INTEGER: positive (top bit clear) and
 * minimal (first byte not zero). A leading zero byte made OpenSSL refuse about
 * one certificate in 500 ("illegal padding").
 */
export function certificateSerial(bytes: Buffer): string {
  const first = (bytes.readUInt8(0) & 0x7f) || 0x01;
  return Buffer.concat([Buffer.of(first), bytes.subarray(1)]).toString('hex');
}

function isIpAddress(value: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(value) || value.includes(':');
}
