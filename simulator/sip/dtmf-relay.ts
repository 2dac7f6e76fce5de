// DTMF sent as SIP INFO (application/dtmf-relay: `Signal=5\r\nDuration=160`),
// the other way sip.js clients send digits besides RFC 4733.

const DIGITS = '0123456789*#ABCD';

export function parseDtmfRelay(contentType: string | undefined, body: string): string | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/dtmf-relay' && type !== 'application/dtmf') return undefined;
  for (const line of body.split(/\r?\n/)) {
    const [name, value] = line.split('=');
    if (type === 'application/dtmf' && !line.includes('=')) return valid(line.trim());
    if (name?.trim().toLowerCase() === 'signal' && value !== undefined) return valid(value.trim());
  }
  return undefined;
}

function valid(digit: string): string | undefined {
  const upper = digit.toUpperCase();
  return upper.length === 1 && DIGITS.includes(upper) ? upper : undefined;
}
