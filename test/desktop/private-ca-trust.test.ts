// The phone's WSS behind a private CA (Electron verify proc): trusted only for
// an unknown-authority complaint, on the signed-in SIP host, with a chain
// that really ends at the configured CA.
import { describe, expect, it } from 'vitest';
import { chainsToCa, ERR_CERT_AUTHORITY_INVALID, privateCaVerdict, wsHost } from '../../main/desktop/private-ca-trust';
import { createTlsMaterial } from '../../simulator/sip/tls-authority';

const ours = createTlsMaterial(['sip.acme.example']);
const theirs = createTlsMaterial(['sip.acme.example']);
const request = (overrides: Partial<{ hostname: string; errorCode: number; data: string }> = {}) => ({
  hostname: overrides.hostname ?? 'sip.acme.example',
  errorCode: overrides.errorCode ?? ERR_CERT_AUTHORITY_INVALID,
  certificate: { data: overrides.data ?? ours.serverCertPem },
});
const trust = { caPem: ours.caCertPem, hosts: ['sip.acme.example'] };

describe('privateCaVerdict', () => {
  it('trusts the SIP host certificate issued by the configured CA when the only complaint is the authority', () => {
    expect(privateCaVerdict(request(), trust)).toBe(0);
    expect(privateCaVerdict(request({ hostname: 'SIP.ACME.EXAMPLE' }), trust)).toBe(0);
  });

  it.each([
    ['a certificate from another CA', request({ data: theirs.serverCertPem }), trust],
    ['another host', request({ hostname: 'evil.example' }), trust],
    ['a name mismatch (not an authority problem)', request({ errorCode: -200 }), trust],
    ['a certificate Chromium already accepted', request({ errorCode: 0 }), trust],
    ['no CA configured', request(), { caPem: null, hosts: ['sip.acme.example'] }],
    ['no signed-in SIP host', request(), { caPem: ours.caCertPem, hosts: [] }],
    ['a CA file that is not a certificate', request(), { caPem: 'not a pem', hosts: ['sip.acme.example'] }],
    ['a leaf given as the CA (not a CA)', request(), { caPem: ours.serverCertPem, hosts: ['sip.acme.example'] }],
  ])('keeps Chromium’s verdict for %s', (_what, req, t) => {
    expect(privateCaVerdict(req, t)).toBe(-3);
  });

  it('refuses an expired chain', () => {
    expect(chainsToCa({ data: ours.serverCertPem }, ours.caCertPem, new Date(Date.now() + 400 * 24 * 3600_000))).toBe(false);
  });

  it('follows an intermediate the server sent, but not a forged one', () => {
    // The CA itself as the "intermediate" the leaf names: the walk ends at the configured CA.
    expect(chainsToCa({ data: theirs.serverCertPem, issuerCert: { data: theirs.caCertPem } }, ours.caCertPem)).toBe(false);
    expect(chainsToCa({ data: ours.serverCertPem, issuerCert: { data: ours.caCertPem } }, ours.caCertPem)).toBe(true);
  });
});

describe('wsHost', () => {
  it('reads the host of a WebSocket address', () => {
    expect(wsHost('wss://sip.acme.example:8089/ws')).toBe('sip.acme.example');
    expect(wsHost('wss://[::1]:8089/ws')).toBe('::1');
    expect(wsHost('nonsense')).toBeNull();
    expect(wsHost(null)).toBeNull();
  });
});
