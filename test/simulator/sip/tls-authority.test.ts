import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateSerial, createTlsMaterial } from '../../../simulator/sip/tls-authority';

describe('createTlsMaterial', () => {
  // Random bytes whose first byte is zero or has the top bit set would make a
  // non-minimal or negative serial; OpenSSL refuses the first ("illegal padding").
  it.each([0x00, 0x01, 0x7f, 0x80, 0xff])('writes certificates OpenSSL reads when the first random byte is %i', (first) => {
    const random = (size: number): Buffer => Buffer.alloc(size, 0).fill(first, 0, 1);
    const material = createTlsMaterial([], new Date(), random);
    const ca = new X509Certificate(material.caCertPem);
    const server = new X509Certificate(material.serverCertPem);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(createPrivateKey(material.serverKeyPem).asymmetricKeyType).toBe('rsa');
  });
});

describe('certificateSerial', () => {
  it('keeps the serial positive and minimal, 16 bytes long', () => {
    for (const first of [0x00, 0x7f, 0x80, 0xff]) {
      const serial = certificateSerial(Buffer.alloc(16, 0xaa).fill(first, 0, 1));
      expect(serial).toHaveLength(32);
      const leading = Number.parseInt(serial.slice(0, 2), 16);
      expect(leading).toBeGreaterThan(0);
      expect(leading).toBeLessThan(0x80);
    }
  });
});
