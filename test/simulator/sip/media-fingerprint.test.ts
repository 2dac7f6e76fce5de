// Issue 24: the simulator tells a reloaded page's offer (another peer
// connection: another DTLS certificate) from a refresh of the same one by the
// SDP's fingerprint, at session or media level, whatever its case and spacing.
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../../simulator/media/customer-media';

const sdp = (line: string) => `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n${line}m=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=setup:actpass\r\n`;

describe('the DTLS fingerprint of an offer', () => {
  it('is read at session level and compared case-insensitively', () => {
    expect(fingerprintOf(sdp('a=fingerprint:sha-256 AB:CD:EF\r\n'))).toBe('sha-256 ab:cd:ef');
    expect(fingerprintOf(sdp('a=fingerprint:SHA-256  ab:cd:ef\r\n'))).toBe('sha-256 ab:cd:ef');
  });

  it('is read at media level, and is undefined when the offer names none', () => {
    expect(fingerprintOf(`${sdp('')}a=fingerprint:sha-256 01:02\r\n`)).toBe('sha-256 01:02');
    expect(fingerprintOf(sdp(''))).toBeUndefined();
  });
});
