// A request sip.js's parser refuses as a whole (a header that does not parse:
// a garbage Refer-To, From or Contact) is answered 400 Bad Request, as pjsip's
// transport layer answers a request with a syntax error, whenever the lines
// a response needs (Via, From, To, Call-ID, CSeq) can be read. Responses, ACKs
// and frames that are no SIP request at all get nothing.
import { randomBytes } from 'node:crypto';

const REQUEST_LINE = /^([A-Z]+) \S+ SIP\/2\.0$/;
const COMPACT: Record<string, string> = { v: 'via', f: 'from', t: 'to', i: 'call-id' };

/** The 400 to send back for an unparseable request, or undefined when none can or should be sent. */
export function badRequestResponse(text: string): string | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  const lines = (headEnd < 0 ? text : text.slice(0, headEnd)).split('\r\n');
  const method = REQUEST_LINE.exec(lines[0] ?? '')?.[1];
  if (!method || method === 'ACK') return undefined;
  const vias: string[] = [];
  const single = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const rawName = line.slice(0, colon).trim().toLowerCase();
    const name = COMPACT[rawName] ?? rawName;
    const value = line.slice(colon + 1).trim();
    if (name === 'via') vias.push(value);
    else if (['from', 'to', 'call-id', 'cseq'].includes(name) && !single.has(name)) single.set(name, value);
  }
  const from = single.get('from');
  const to = single.get('to');
  const callId = single.get('call-id');
  const cseq = single.get('cseq');
  if (vias.length === 0 || !from || !to || !callId || !cseq) return undefined;
  const toWithTag = /;\s*tag=/i.test(to) ? to : `${to};tag=${randomBytes(6).toString('hex')}`;
  return [
    'SIP/2.0 400 Bad Request',
    ...vias.map((via) => `Via: ${via}`),
    `From: ${from}`,
    `To: ${toWithTag}`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq}`,
    'Server: integra-simulator',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}
